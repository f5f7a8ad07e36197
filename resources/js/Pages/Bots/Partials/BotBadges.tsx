import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime } from '@/lib/dates';
import { statusLabels } from './format';
import type { BotStatus, BotSummary } from './types';

/** Draft (gray), Active (green), Paused (yellow). */
export function BotStatusBadge({ status }: { status: BotStatus }) {
  const tone = status === 'active' ? 'green' : status === 'paused' ? 'yellow' : 'gray';
  return (
    <StatusBadge tone={tone} dot={status !== 'draft'}>
      {statusLabels[status] ?? status}
    </StatusBadge>
  );
}

/** "Published v3" or "Not published", and "Draft changes" when the draft differs from it. */
export function PublicationBadges({ bot }: { bot: BotSummary }) {
  return (
    <>
      {bot.published_version === null ? (
        <span className="text-xs text-gray-500">Not published</span>
      ) : (
        <span
          className="text-xs text-gray-600"
          title={bot.published_at ? `Published ${formatDateTime(bot.published_at)}` : undefined}
        >
          Published v{bot.published_version}
        </span>
      )}
      {bot.has_draft_changes && bot.published_version !== null && (
        <StatusBadge tone="indigo" title="The draft has changes the published version does not">
          Draft changes
        </StatusBadge>
      )}
    </>
  );
}
