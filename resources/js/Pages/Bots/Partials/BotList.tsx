import { Link } from '@inertiajs/react';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import BotAvatar from './BotAvatar';
import { BotStatusBadge, PublicationBadges } from './BotBadges';
import type { BotIndexProps, BotSummary } from './types';

type BotChannels = BotIndexProps['channels'][number];

const channelTypeLabels: Record<BotChannels[number]['type'], string> = {
  web: 'Web chat',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  webhook: 'Webhook',
};

/** "No channel", "Web chat", "2 channels: Web chat, WhatsApp". */
function channelsText(channels: BotChannels): string {
  const total = channels.reduce((sum, channel) => sum + channel.count, 0);
  if (total === 0) return 'No channel';
  const types = channels.map((channel) => channelTypeLabels[channel.type] ?? channel.type).join(', ');
  return total === 1 ? types : `${total} channels: ${types}`;
}

function BotRow({ bot, channels }: { bot: BotSummary; channels: BotChannels }) {
  return (
    <li className="px-4 py-5 sm:px-6" aria-label={bot.name}>
      <div className="flex gap-4">
        <BotAvatar name={bot.name} color={bot.avatar_color} />
        <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link
                href={route('bots.show', bot.id)}
                className="max-w-full min-w-0 truncate text-base font-semibold text-gray-900 hover:text-indigo-700 focus:underline focus:outline-hidden"
                title={bot.name}
              >
                {bot.name}
              </Link>
              <BotStatusBadge status={bot.status} />
              <PublicationBadges bot={bot} />
            </div>

            {bot.description && (
              <p className="mt-1 line-clamp-2 text-sm break-words text-gray-600">{bot.description}</p>
            )}

            <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-500">
              <div>
                <dt className="sr-only">Channels</dt>
                <dd>{channelsText(channels)}</dd>
              </div>
              <div>
                <dt className="sr-only">Knowledge</dt>
                <dd>{plural(bot.knowledge_count, 'knowledge base')}</dd>
              </div>
              <div>
                <dt className="sr-only">Replies this month</dt>
                <dd>{plural(bot.replies_this_month ?? 0, 'reply', 'replies')} this month</dd>
              </div>
            </dl>
          </div>

          <div className="shrink-0 text-xs text-gray-500 sm:text-end">
            {bot.last_active_at ? (
              <span title={formatDateTime(bot.last_active_at)}>Active {fromNow(bot.last_active_at)}</span>
            ) : (
              <span>Not active yet</span>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

/** The bots of a page, as rows of one white card. */
export default function BotList({ bots, channels = {} }: { bots: BotSummary[]; channels?: BotIndexProps['channels'] }) {
  return (
    <ul className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg" aria-label="Bots">
      {bots.map((bot) => (
        <BotRow key={bot.id} bot={bot} channels={channels[bot.id] ?? []} />
      ))}
    </ul>
  );
}
