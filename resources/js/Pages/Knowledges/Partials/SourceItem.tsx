import Icon from '@/Components/Icon';
import ProgressBar from '@/Components/ProgressBar';
import StatusBadge from '@/Components/StatusBadge';
import Toggle from '@/Components/Toggle';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import SourceTypeIcon from './SourceTypeIcon';
import { formatBytes, formatChars, formatDiff, refreshLabels, sourceStatusLabels, sourceTypeLabels } from './format';
import type { KnowledgeAbilities, LanguageOption, Source } from './types';

export function SourceStatusBadge({ source }: { source: Source }) {
  if (source.working) {
    return (
      <StatusBadge tone={source.error ? 'yellow' : 'indigo'} dot="pulse">
        {sourceStatusLabels[source.status]} {source.progress}%
      </StatusBadge>
    );
  }
  if (source.status === 'error') {
    return (
      <StatusBadge tone="red" dot>
        Failed
      </StatusBadge>
    );
  }
  return (
    <StatusBadge tone="green" dot>
      Ready
    </StatusBadge>
  );
}

/** Pages of a PDF, pages a sitemap crawled, the language found: what the last read learned. */
function detailsOf(source: Source, languages: LanguageOption[]): string[] {
  const { details } = source;
  const parts: string[] = [];
  if (details.format && source.type === 'file') parts.push(details.format.toUpperCase());
  if (details.pages !== null) parts.push(plural(details.pages, 'page'));
  if (details.crawled !== null) {
    parts.push(`${plural(details.crawled, 'page')} crawled${details.skipped ? `, ${details.skipped} skipped` : ''}`);
  }
  if (details.language) {
    parts.push(languages.find((language) => language.value === details.language)?.label ?? details.language);
  }
  return parts;
}

const action =
  'cursor-pointer text-sm text-gray-500 underline hover:text-gray-700 disabled:cursor-not-allowed disabled:opacity-50';

type SourceItemProps = {
  source: Source;
  languages: LanguageOption[];
  can: KnowledgeAbilities;
  onToggle: (enabled: boolean) => void;
  onRefresh: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onPreview: () => void;
};

/** One source: what it is, where it stands (live), what reading it gave, and its buttons. */
export default function SourceItem({
  source,
  languages,
  can,
  onToggle,
  onRefresh,
  onEdit,
  onDelete,
  onPreview,
}: SourceItemProps) {
  const failed = source.status === 'error';
  const retrying = source.working && source.error !== null;
  const details = detailsOf(source, languages);
  const refreshable = source.type === 'file' || source.type === 'url' || source.type === 'sitemap';
  const scheduled = (source.type === 'url' || source.type === 'sitemap') && source.refresh !== 'never';

  return (
    <li className="py-5 first:pt-0 last:pb-0" aria-label={source.title}>
      <div className="flex items-start gap-3">
        <span
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-500"
          title={sourceTypeLabels[source.type]}
        >
          <SourceTypeIcon type={source.type} className="size-5" />
        </span>

        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h4 className="max-w-full min-w-0 truncate text-sm font-medium text-gray-900" title={source.title}>
              {source.title}
            </h4>
            <SourceStatusBadge source={source} />
            {!source.enabled && <StatusBadge tone="gray">Not used in answers</StatusBadge>}
          </div>

          <p className="mt-0.5 text-xs text-gray-500">
            {sourceTypeLabels[source.type]}
            {source.url && (
              <>
                {' · '}
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-gray-500 underline hover:text-gray-700"
                >
                  {source.url}
                </a>
              </>
            )}
            {source.file_name && (
              <>
                {' · '}
                <span className="break-all">{source.file_name}</span>
                {source.file_size !== null && ` (${formatBytes(source.file_size)})`}
              </>
            )}
          </p>

          {source.working && (
            <ProgressBar
              className="mt-3 max-w-md"
              value={source.progress}
              tone={retrying ? 'yellow' : 'indigo'}
              label={`${sourceStatusLabels[source.status]} ${source.title}`}
            />
          )}

          {retrying && (
            <p className="mt-2 flex items-start gap-1.5 text-sm break-words text-yellow-800" role="status">
              <Icon name="exclamation-triangle" className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0">{source.error}</span>
            </p>
          )}

          {failed && (
            <div className="mt-2 flex flex-wrap items-start gap-x-3 gap-y-1 text-sm" role="alert">
              <p className="flex min-w-0 items-start gap-1.5 break-words text-red-600">
                <Icon name="exclamation-triangle" className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0">{source.error ?? 'Reading this source failed.'}</span>
              </p>
              {can.update && (
                <button
                  type="button"
                  className="cursor-pointer font-medium text-red-700 underline hover:text-red-900"
                  onClick={onRefresh}
                >
                  Retry
                </button>
              )}
            </div>
          )}

          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-500">
            <div className="flex gap-1">
              <dt className="sr-only">Chunks</dt>
              <dd>{plural(source.chunk_count, 'chunk')}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="sr-only">Hits</dt>
              <dd
                title={
                  source.last_hit_at ? `Last used ${formatDateTime(source.last_hit_at)}` : 'Not used in an answer yet'
                }
              >
                {plural(source.hit_count, 'hit')}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt className="sr-only">Size</dt>
              <dd>{formatChars(source.chars)}</dd>
            </div>
            {source.last_ingested_at && (
              <div className="flex gap-1">
                <dt>Read</dt>
                <dd title={formatDateTime(source.last_ingested_at)}>{fromNow(source.last_ingested_at)}</dd>
              </div>
            )}
            {scheduled && (
              <div className="flex gap-1">
                <dt>Refresh</dt>
                <dd>
                  {refreshLabels[source.refresh].toLowerCase()}
                  {source.next_refresh_at && (
                    <span title={formatDateTime(source.next_refresh_at)}>, next {fromNow(source.next_refresh_at)}</span>
                  )}
                </dd>
              </div>
            )}
            {details.length > 0 && (
              <div className="flex gap-1">
                <dt className="sr-only">Details</dt>
                <dd>{details.join(' · ')}</dd>
              </div>
            )}
          </dl>

          {source.diff && !source.working && (source.diff.removed > 0 || source.diff.unchanged > 0) && (
            <p className="mt-1 text-xs text-gray-500">Last read: {formatDiff(source.diff)}</p>
          )}

          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
            {can.update && (
              <Toggle
                checked={source.enabled}
                onChange={onToggle}
                label="Used in answers"
                accessibleLabel={`Use ${source.title} in answers`}
                className="text-xs"
              />
            )}
            {source.chunk_count > 0 && (
              <button type="button" className={action} onClick={onPreview} aria-label={`Chunks of ${source.title}`}>
                Chunks
              </button>
            )}
            {can.update && (
              <button type="button" className={action} onClick={onEdit} aria-label={`Edit ${source.title}`}>
                Edit
              </button>
            )}
            {can.update && refreshable && !failed && (
              <button
                type="button"
                className={action}
                onClick={onRefresh}
                disabled={source.working}
                aria-label={`Refresh ${source.title}`}
              >
                Refresh
              </button>
            )}
            {can.delete && (
              <button
                type="button"
                className="cursor-pointer text-sm text-red-500 hover:text-red-700"
                onClick={onDelete}
                aria-label={`Delete ${source.title}`}
              >
                Delete
              </button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
