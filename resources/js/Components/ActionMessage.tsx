import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type ActionMessageProps = {
  /** Shown while true; fades out over a second once it turns false. */
  on: boolean;
  className?: string;
  children: ReactNode;
};

const FADE_MS = 1000;

export default function ActionMessage({ on, className, children }: ActionMessageProps) {
  const [wasOn, setWasOn] = useState(on);
  const [fading, setFading] = useState(false);

  if (on !== wasOn) {
    setWasOn(on);
    setFading(!on);
  }

  useEffect(() => {
    if (!fading) return;
    const timer = window.setTimeout(() => setFading(false), FADE_MS);
    return () => window.clearTimeout(timer);
  }, [fading]);

  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'text-sm text-gray-600 transition-opacity duration-1000 ease-in',
        on ? 'opacity-100' : 'opacity-0',
        className,
      )}
    >
      {(on || fading) && children}
    </div>
  );
}
