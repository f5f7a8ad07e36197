import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { percentChange } from './format';

/** Whether a rise is good news (green), bad news (red), or neither (grey). */
export type Better = 'up' | 'down' | 'neutral';

type MetricCardProps = {
  label: string;
  /** The metric's one written definition, shown as its tooltip. */
  definition: string;
  value: string;
  /** A second line under the value (a p90, a split). */
  detail?: ReactNode;
  /** The compared figures: this window's and the previous one's. */
  current: number | null;
  previous: number | null;
  /** The previous window's figure as written, for the comparison's words. */
  previousText: string;
  better: Better;
  /** Below the comparison, under a rule: a figure the window does not hold (the period's AI credit quota). */
  children?: ReactNode;
};

/** An ⓘ that shows the definition on hover and focus, and gives it to assistive technology. */
export function InfoTip({ label, definition }: { label: string; definition: string }) {
  const id = useId();
  return (
    <span className="group/tip static inline-flex shrink-0 pt-0.5">
      <button
        type="button"
        aria-label={`About ${label}`}
        aria-describedby={id}
        className="rounded-full text-gray-400 hover:text-gray-600 focus:text-gray-600 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path
            fillRule="evenodd"
            d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      <span
        id={id}
        role="tooltip"
        className="invisible absolute inset-x-3 top-10 z-20 rounded-md bg-gray-900 px-3 py-2 text-xs leading-relaxed font-normal text-white opacity-0 shadow-lg transition group-focus-within/tip:visible group-focus-within/tip:opacity-100 group-hover/tip:visible group-hover/tip:opacity-100"
      >
        {definition}
      </span>
    </span>
  );
}

/** ▲ 12.5% in green, red or grey, with the previous figure in words for screen readers and on hover. */
export function Change({
  current,
  previous,
  previousText,
  better,
}: Pick<MetricCardProps, 'current' | 'previous' | 'previousText' | 'better'>) {
  const change = percentChange(current, previous);
  if (change === null) {
    return (
      <p className="mt-1 text-xs text-gray-500">
        {previous === null || current === null ? 'Nothing to compare with' : `Previous period: ${previousText}`}
      </p>
    );
  }
  const rounded = Math.round(Math.abs(change) * 10) / 10;
  if (rounded === 0) {
    return <p className="mt-1 text-xs text-gray-500">No change from the previous period</p>;
  }
  const up = change > 0;
  const good = better === 'neutral' ? null : (better === 'up') === up;
  return (
    <p className="mt-1 text-xs text-gray-500" title={`Previous period: ${previousText}`}>
      <span className={cn('font-medium', good === null ? 'text-gray-600' : good ? 'text-green-700' : 'text-red-700')}>
        <span aria-hidden="true">{up ? '▲' : '▼'} </span>
        <span className="sr-only">{up ? 'Up' : 'Down'} </span>
        {rounded.toFixed(1)}%
      </span>{' '}
      from {previousText}
    </p>
  );
}

/** One figure of the window: its name with the definition, the value, and the change from before. */
export default function MetricCard({ label, definition, value, detail, children, ...change }: MetricCardProps) {
  return (
    <div className="relative rounded-lg bg-white px-4 py-4 shadow-sm" role="group" aria-label={label}>
      <div className="flex items-start gap-1.5">
        <h4 className="text-sm leading-5 font-medium text-gray-500">{label}</h4>
        <InfoTip label={label} definition={definition} />
      </div>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{value}</p>
      {detail && <p className="text-xs text-gray-500 tabular-nums">{detail}</p>}
      <Change {...change} />
      {children && <div className="mt-3 border-t border-gray-100 pt-3">{children}</div>}
    </div>
  );
}
