import type { ReactNode } from 'react';
import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';

/** Where Previous or Next goes: a URL (an Inertia link) or a handler (a button); null when there is none. */
export type PageTarget = string | (() => void) | null;

type PaginationProps = {
  from: number | null;
  to: number | null;
  total: number;
  previous: PageTarget;
  next: PageTarget;
  /** The navigation landmark's name. */
  label?: string;
  /** What is counted: "Showing 1 to 12 of 30 results". */
  noun?: string;
  /** Said instead of "Showing 1 to 12 of 30 results" ("Page 2 of 5"). */
  summary?: ReactNode;
  className?: string;
};

const control =
  'relative inline-flex items-center rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 shadow-xs transition hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden';
const disabled =
  'relative inline-flex cursor-not-allowed items-center rounded-md border border-gray-200 bg-gray-50 px-3 py-1.5 text-sm font-medium text-gray-400';

function PageControl({ target, children, rel }: { target: PageTarget; children: string; rel: 'prev' | 'next' }) {
  if (target === null) {
    return (
      <span className={disabled} aria-disabled="true">
        {children}
      </span>
    );
  }
  if (typeof target === 'string') {
    return (
      <Link href={target} rel={rel} preserveScroll className={control}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" onClick={target} className={cn(control, 'cursor-pointer')}>
      {children}
    </button>
  );
}

/** "Showing 1 to 12 of 30 results" with Previous and Next, in Jetstream's simple style. */
export default function Pagination({
  from,
  to,
  total,
  previous,
  next,
  label = 'Pagination',
  noun = 'results',
  summary,
  className,
}: PaginationProps) {
  if (previous === null && next === null) return null;

  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <p className="text-sm text-gray-600">
        {summary ??
          (from !== null && to !== null ? (
            <>
              Showing <span className="font-medium">{from}</span> to <span className="font-medium">{to}</span> of{' '}
              <span className="font-medium">{total}</span> {noun}
            </>
          ) : (
            <>
              <span className="font-medium">{total}</span> {noun}
            </>
          ))}
      </p>
      <div className="flex shrink-0 gap-3">
        <PageControl target={previous} rel="prev">
          Previous
        </PageControl>
        <PageControl target={next} rel="next">
          Next
        </PageControl>
      </div>
    </nav>
  );
}

/** A paginator's page and range, as the server's `pageMeta` gives them (Laravel's names). */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/**
 * Pagination for a paginator's `meta`: Previous and Next go to `page(n)` when that page exists
 * (Previous from past the last page goes to the last). `noun` is what is counted, one and many
 * ("bot", "bots").
 */
export function MetaPagination({
  meta,
  page,
  noun: [one, many],
  ...rest
}: {
  meta: PageMeta;
  page: (number: number) => PageTarget;
  noun: [string, string];
  label?: string;
  className?: string;
}) {
  return (
    <Pagination
      {...rest}
      noun={meta.total === 1 ? one : many}
      from={meta.from}
      to={meta.to}
      total={meta.total}
      previous={meta.current_page > 1 ? page(Math.min(meta.current_page - 1, meta.last_page)) : null}
      next={meta.current_page < meta.last_page ? page(meta.current_page + 1) : null}
    />
  );
}
