import { cn } from '@/lib/cn';

type ProgressBarProps = {
  /** 0–100; null draws a bar that only says something is going on. */
  value: number | null;
  /** The accessible name: what is progressing ("Reading menu.pdf"). */
  label: string;
  tone?: 'indigo' | 'yellow' | 'amber' | 'red';
  className?: string;
};

const tones = { indigo: 'bg-indigo-500', yellow: 'bg-yellow-500', amber: 'bg-amber-500', red: 'bg-red-500' };

/** A thin progress bar; its width eases to each new value, so live updates move it smoothly. */
export default function ProgressBar({ value, label, tone = 'indigo', className }: ProgressBarProps) {
  const percent = value === null ? null : Math.min(100, Math.max(0, Math.round(value)));

  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={percent === null ? 'Working' : `${percent}%`}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-gray-200', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-500 ease-out',
          tones[tone],
          percent === null && 'motion-safe:animate-pulse',
        )}
        style={{ width: `${percent ?? 100}%` }}
      />
    </div>
  );
}
