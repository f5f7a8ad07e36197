import { useEffect, useState } from 'react';

/** The current time in epoch ms, renewed every `every` ms while `active` (countdowns). */
export function useNow(every = 30_000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(timer);
  }, [every, active]);
  return now;
}
