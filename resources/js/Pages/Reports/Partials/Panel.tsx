import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { InfoTip } from './MetricCard';

type PanelProps = {
  title: string;
  /** A line under the title: what the panel shows. */
  description?: ReactNode;
  /** A definition shown as the title's tooltip. */
  definition?: string;
  /** The CSV of the panel's table (`reports.export`). */
  exportHref?: string;
  className?: string;
  children: ReactNode;
};

/** A white card with a title, an optional "Export CSV" link, and a chart or a table. */
export default function Panel({ title, description, definition, exportHref, className, children }: PanelProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('relative min-w-0 bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6', className)}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-1.5">
          <h3 id={id} className="text-lg font-medium text-gray-900">
            {title}
          </h3>
          {definition && <InfoTip label={title} definition={definition} />}
        </div>
        {exportHref && (
          <a
            href={exportHref}
            download
            className="mt-0.5 shrink-0 rounded-md text-sm font-medium whitespace-nowrap text-indigo-600 hover:text-indigo-800 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
          >
            Export CSV<span className="sr-only"> of {title}</span>
          </a>
        )}
      </div>
      {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
