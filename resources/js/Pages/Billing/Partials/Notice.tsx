import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  red: 'border-red-200 bg-red-50 text-red-800',
  yellow: 'border-yellow-200 bg-yellow-50 text-yellow-800',
  indigo: 'border-indigo-200 bg-indigo-50 text-indigo-800',
};

type NoticeProps = {
  tone: keyof typeof tones;
  /** `alert` for what needs doing (a failed payment), `status` for the rest. */
  role?: 'alert' | 'status';
  /** A button or link on the right (below on a phone). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A coloured note inside a billing section: a failed payment, a pending cancellation, a scheduled change. */
export default function Notice({ tone, role = 'status', action, className, children }: NoticeProps) {
  return (
    <div
      role={role}
      className={cn(
        'flex flex-col gap-3 rounded-md border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between',
        tones[tone],
        className,
      )}
    >
      <div>{children}</div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}
