import { Link } from '@inertiajs/react';
import { optionalRoute } from '@/lib/route';
import Panel from './Panel';
import DataTable from './DataTable';
import { formatNumber } from './format';
import { exportUrl } from './report-query';
import type { ReportFilters, ReportsIndexProps } from './types';

type Props = Pick<ReportsIndexProps, 'sources' | 'never_cited' | 'chunks'> & { filters: ReportFilters };

function KnowledgeLink({ id, name }: { id: number; name: string }) {
  const href = optionalRoute('knowledges.edit', id);
  if (!href) return <>{name}</>;
  return (
    <Link href={href} className="text-indigo-600 hover:text-indigo-800 hover:underline">
      {name}
    </Link>
  );
}

/**
 * Which knowledge the bots cite most in these days, and which sources they never cited: the
 * latter are either unneeded or not being found.
 */
export default function KnowledgeLeaderboard({ sources, never_cited, chunks, filters }: Props) {
  return (
    <Panel
      title="Knowledge leaderboard"
      description="Sources cited by bot replies in these days, most cited first."
      exportHref={exportUrl('sources', filters)}
    >
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="min-w-0">
          <h4 className="text-sm font-medium text-gray-900">Most cited</h4>
          <div className="mt-2">
            <DataTable
              label="Most cited sources"
              columns={[
                { label: 'Source', cell: (row) => <span className="break-words">{row.title}</span> },
                {
                  label: 'Knowledge base',
                  cell: (row) => <KnowledgeLink id={row.knowledge_id} name={row.knowledge} />,
                },
                { label: 'Citations', numeric: true, cell: (row) => formatNumber(row.count) },
              ]}
              rows={sources.slice(0, 10)}
              rowKey={(row) => row.id}
              empty="No reply cited a source in these days."
            />
          </div>
        </div>
        <div className="min-w-0">
          <h4 className="text-sm font-medium text-gray-900">Never cited</h4>
          <div className="mt-2">
            {never_cited.length === 0 ? (
              <p className="text-sm text-gray-600">Every source was cited at least once.</p>
            ) : (
              <ul className="divide-y divide-gray-100 text-sm" aria-label="Sources never cited">
                {never_cited.slice(0, 10).map((source) => (
                  <li key={source.id} className="flex items-baseline justify-between gap-4 py-2">
                    <span className="min-w-0 break-words text-gray-900">{source.title}</span>
                    <span className="shrink-0 text-gray-500">
                      <KnowledgeLink id={source.knowledge_id} name={source.knowledge} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {never_cited.length > 10 && (
              <p className="mt-2 text-xs text-gray-500">And {formatNumber(never_cited.length - 10)} more in the CSV.</p>
            )}
          </div>
        </div>
      </div>
      <div className="mt-8 min-w-0">
        <h4 className="text-sm font-medium text-gray-900">Most cited passages</h4>
        <div className="mt-2">
          <DataTable
            label="Most cited passages"
            columns={[
              {
                label: 'Passage',
                cell: (row) => <span className="line-clamp-2 break-words text-gray-700">{row.excerpt}</span>,
              },
              { label: 'Source', cell: (row) => <span className="break-words">{row.source}</span> },
              {
                label: 'Knowledge base',
                cell: (row) => <KnowledgeLink id={row.knowledge_id} name={row.knowledge} />,
              },
              { label: 'Citations', numeric: true, cell: (row) => formatNumber(row.count) },
            ]}
            rows={chunks.slice(0, 10)}
            rowKey={(row) => row.id}
            empty="No reply cited a passage in these days."
          />
        </div>
      </div>
    </Panel>
  );
}
