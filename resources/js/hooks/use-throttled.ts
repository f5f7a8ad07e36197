import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * `fn` called at most once per `wait` ms however often the returned function is called: at once
 * when it has been quiet, else once more at the end of the window (so the last call is never
 * lost). A flood of realtime progress events becomes a couple of reloads a second.
 */
export function useThrottled(fn: () => void, wait: number): () => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  const state = useRef<{ last: number; timer: number | null }>({ last: 0, timer: null });

  useEffect(() => {
    const current = state.current;
    return () => {
      if (current.timer !== null) window.clearTimeout(current.timer);
      current.timer = null;
    };
  }, []);

  return useCallback(() => {
    const current = state.current;
    if (current.timer !== null) return;
    const elapsed = Date.now() - current.last;
    if (elapsed >= wait) {
      current.last = Date.now();
      latest.current();
      return;
    }
    current.timer = window.setTimeout(() => {
      current.timer = null;
      current.last = Date.now();
      latest.current();
    }, wait - elapsed);
  }, [wait]);
}
