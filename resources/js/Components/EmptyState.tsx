import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type EmptyStateProps = {
  /** A decorative icon above the title. */
  icon?: ReactNode;
  title: ReactNode;
  /** What would be here, and how to put it here. */
  children?: ReactNode;
  /** The way out: a button or a link. */
  action?: ReactNode;
  /** Inside a card already: no card of its own. */
  bare?: boolean;
  className?: string;
};

/** What a list shows when it has nothing to show, in a white card. */
export default function EmptyState({ icon, title, children, action, bare = false, className }: EmptyStateProps) {
  return (
    <div className={cn('px-6 py-12 text-center', !bare && 'bg-white shadow-sm sm:rounded-lg', className)}>
      {icon && <div className="mx-auto flex size-12 items-center justify-center text-gray-400">{icon}</div>}
      <h3 className="mt-2 text-base font-semibold text-gray-900">{title}</h3>
      {children && <div className="mx-auto mt-2 max-w-xl text-sm text-gray-600">{children}</div>}
      {action && <div className="mt-6 flex justify-center">{action}</div>}
    </div>
  );
}
