import { Link } from '@inertiajs/react';
import Icon from '@/Components/Icon';
import { formatDateTime, fromNow } from '@/lib/dates';
import { route } from '@/lib/route';
import { ChannelStatusBadge, ChannelTypeLabel, HealthBadge } from './ChannelBadges';
import { displayIdentifier, typeIcons } from './format';
import type { ChannelSummary } from './types';

function ChannelRow({ channel }: { channel: ChannelSummary }) {
  const identifier = displayIdentifier(channel);
  return (
    <li className="px-4 py-5 sm:px-6" aria-label={channel.name}>
      <div className="flex gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-500">
          <Icon name={typeIcons[channel.type]} className="size-5" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link
                href={route('channels.show', { channel: channel.id })}
                className="max-w-full min-w-0 truncate text-base font-semibold text-gray-900 hover:text-indigo-700 focus:underline focus:outline-hidden"
                title={channel.name}
              >
                {channel.name}
              </Link>
              <ChannelStatusBadge status={channel.status} />
              <HealthBadge health={channel.health} detail={channel.health_detail} />
            </div>

            <dl className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-gray-500">
              <div>
                <dt className="sr-only">Type</dt>
                <dd>
                  <ChannelTypeLabel type={channel.type} className="text-xs" />
                </dd>
              </div>
              {identifier && (
                <div>
                  <dt className="sr-only">Identifier</dt>
                  <dd className="font-medium break-all text-gray-700">{identifier}</dd>
                </div>
              )}
              <div>
                <dt className="sr-only">Bot</dt>
                <dd>{channel.bot ? `Bot: ${channel.bot.name}` : 'No bot — people only'}</dd>
              </div>
            </dl>
          </div>

          <div className="shrink-0 text-xs text-gray-500 sm:text-end">
            {channel.last_inbound_at ? (
              <span title={formatDateTime(channel.last_inbound_at)}>
                Last message {fromNow(channel.last_inbound_at)}
              </span>
            ) : (
              <span>No messages yet</span>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

/** The channels of a page, as rows of one white card. */
export default function ChannelList({ channels }: { channels: ChannelSummary[] }) {
  return (
    <ul className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg" aria-label="Channels">
      {channels.map((channel) => (
        <ChannelRow key={channel.id} channel={channel} />
      ))}
    </ul>
  );
}
