import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';

type ReportTabsProps = {
  current: 'overview' | 'gaps';
  /**
   * Whether the Knowledge gaps tab shows: for those who see the team's figures (`scope === 'team'`
   * on Reports/Index), not for agents, who see their own.
   */
  gaps?: boolean;
  /** Open gaps, shown beside the tab when known. */
  openGaps?: number;
};

/** The tab bar at the top of both Reports pages: Overview | Knowledge gaps. */
export default function ReportTabs({ current, gaps = true, openGaps }: ReportTabsProps) {
  const tabs = [
    { key: 'overview', label: 'Overview', href: route('reports.index'), count: undefined },
    ...(gaps ? [{ key: 'gaps', label: 'Knowledge gaps', href: route('reports.gaps'), count: openGaps }] : []),
  ];
  if (tabs.length < 2) return null;
  return (
    <nav aria-label="Reports" className="flex gap-6 overflow-x-auto border-b border-gray-200">
      {tabs.map((tab) => {
        const active = tab.key === current;
        return (
          <Link
            key={tab.key}
            href={tab.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'inline-flex shrink-0 items-center gap-2 border-b-2 px-1 py-3 text-sm font-medium whitespace-nowrap transition focus:outline-hidden focus-visible:ring-2 focus-visible:ring-indigo-500',
              active
                ? 'border-indigo-500 text-indigo-700'
                : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700',
            )}
          >
            {tab.label}
            {tab.count !== undefined && tab.count > 0 && (
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  active ? 'bg-indigo-100 text-indigo-700' : 'bg-gray-100 text-gray-600',
                )}
              >
                {tab.count.toLocaleString()}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
