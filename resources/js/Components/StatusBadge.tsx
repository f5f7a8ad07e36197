import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'gray' | 'green' | 'yellow' | 'red' | 'indigo';

const tones: Record<BadgeTone, string> = {
  gray: 'bg-gray-50 text-gray-600 ring-gray-500/20',
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/10',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/10',
};

const dots: Record<BadgeTone, string> = {
  gray: 'bg-gray-400',
  green: 'bg-green-500',
  yellow: 'bg-yellow-500',
  red: 'bg-red-500',
  indigo: 'bg-indigo-500',
};

type StatusBadgeProps = {
  tone?: BadgeTone;
  /** A dot before the text; `pulse` makes it beat, for work under way. */
  dot?: boolean | 'pulse';
  title?: string;
  className?: string;
  children: ReactNode;
};

/** A small rounded label for a state: Ready, Failed, Processing 40%… */
export default function StatusBadge({ tone = 'gray', dot = false, title, className, children }: StatusBadgeProps) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {dot && (
        <span
          aria-hidden="true"
          className={cn('size-1.5 rounded-full', dots[tone], dot === 'pulse' && 'motion-safe:animate-pulse')}
        />
      )}
      {children}
    </span>
  );
}
