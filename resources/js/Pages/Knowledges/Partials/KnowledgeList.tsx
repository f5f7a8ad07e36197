import { Link } from '@inertiajs/react';
import ProgressBar from '@/Components/ProgressBar';
import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { embedderName, formatChars } from './format';
import type { KnowledgeSummary } from './types';

/** empty / processing 40% / ready / degraded: "2 sources failed". */
export function KnowledgeStatusBadge({ knowledge }: { knowledge: KnowledgeSummary }) {
  switch (knowledge.status) {
    case 'empty':
      return <StatusBadge tone="gray">No sources yet</StatusBadge>;
    case 'processing':
      return (
        <StatusBadge tone="indigo" dot="pulse">
          Processing{knowledge.progress !== null ? ` ${knowledge.progress}%` : '…'}
        </StatusBadge>
      );
    case 'degraded':
      return (
        <StatusBadge tone="red" dot>
          {plural(knowledge.failed_sources, 'source')} failed
        </StatusBadge>
      );
    default:
      return (
        <StatusBadge tone="green" dot>
          Ready
        </StatusBadge>
      );
  }
}

function KnowledgeCard({ knowledge }: { knowledge: KnowledgeSummary }) {
  const { embedder } = knowledge;

  return (
    <li className="px-4 py-5 sm:px-6" aria-label={knowledge.name}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link
              href={route('knowledges.edit', knowledge.id)}
              className="max-w-full min-w-0 truncate text-base font-semibold text-gray-900 hover:text-indigo-700 focus:underline focus:outline-hidden"
              title={knowledge.name}
            >
              {knowledge.name}
            </Link>
            <KnowledgeStatusBadge knowledge={knowledge} />
          </div>

          {knowledge.description && (
            <p className="mt-1 line-clamp-2 text-sm break-words text-gray-600">{knowledge.description}</p>
          )}

          {knowledge.status === 'processing' && (
            <ProgressBar
              className="mt-3 max-w-sm"
              value={knowledge.progress}
              label={`Reading the sources of ${knowledge.name}`}
            />
          )}

          <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-500">
            <div>
              <dt className="sr-only">Language</dt>
              <dd>{knowledge.language_label}</dd>
            </div>
            <div>
              <dt className="sr-only">Sources</dt>
              <dd>{plural(knowledge.sources_count, 'source')}</dd>
            </div>
            <div>
              <dt className="sr-only">Chunks</dt>
              <dd>{plural(knowledge.chunks_count, 'chunk')}</dd>
            </div>
            <div>
              <dt className="sr-only">Size</dt>
              <dd>{formatChars(knowledge.chars)}</dd>
            </div>
          </dl>
        </div>

        <div className="flex shrink-0 flex-col gap-1 text-xs text-gray-500 sm:max-w-64 sm:items-end sm:text-end">
          {knowledge.updated_at && (
            <span title={formatDateTime(knowledge.updated_at)}>Updated {fromNow(knowledge.updated_at)}</span>
          )}
          <span className="break-words" title={`Embedding model: ${embedder.label}`}>
            {embedderName(embedder.label)}
          </span>
          {!embedder.available && (
            <span className="text-yellow-700">Not available on this server: re-embed it from its settings.</span>
          )}
        </div>
      </div>
    </li>
  );
}

/** The knowledge bases of a page, as rows of one white card. */
export default function KnowledgeList({ knowledges }: { knowledges: KnowledgeSummary[] }) {
  return (
    <ul
      className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg"
      aria-label="Knowledge bases"
    >
      {knowledges.map((knowledge) => (
        <KnowledgeCard key={knowledge.id} knowledge={knowledge} />
      ))}
    </ul>
  );
}
