import { useId, type ReactNode } from 'react';
import { Link } from '@inertiajs/react';
import Icon, { type IconName } from '@/Components/Icon';
import { cn } from '@/lib/cn';

type DashboardCardProps = {
  title: string;
  /** A line under the title: what the card counts, and when. */
  description?: ReactNode;
  icon?: IconName;
  /** A grey strip at the bottom, for the link to the screen the card summarizes. */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A white card of the dashboard with a titled header, its content and an optional footer link. */
export default function DashboardCard({ title, description, icon, footer, className, children }: DashboardCardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('flex min-w-0 flex-col overflow-hidden bg-white shadow-sm sm:rounded-lg', className)}
    >
      <div className="px-4 pt-5 sm:px-6">
        <div className="flex items-center gap-2">
          {icon && <Icon name={icon} className="size-5 shrink-0 text-gray-400" />}
          <h3 id={id} className="text-lg font-medium text-gray-900">
            {title}
          </h3>
        </div>
        {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      </div>
      <div className="flex-1 px-4 py-5 sm:px-6">{children}</div>
      {footer && <div className="border-t border-gray-200 bg-gray-50 px-4 py-3 text-sm sm:px-6">{footer}</div>}
    </section>
  );
}

/** "View today’s report →" in the card's footer. */
export function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="inline-flex items-center font-semibold text-indigo-700 hover:text-indigo-600">
      {children}
      <span aria-hidden="true" className="ms-1">
        →
      </span>
    </Link>
  );
}
