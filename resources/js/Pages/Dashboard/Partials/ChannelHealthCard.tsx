import { Link } from '@inertiajs/react';
import type { DashboardChannel } from '../../../../../server/presenters/dashboard-presenter';
import Icon from '@/Components/Icon';
import { route } from '@/lib/route';
import { ChannelStatusBadge, HealthBadge } from '../../Channels/Partials/ChannelBadges';
import { typeIcons, typeLabels } from '../../Channels/Partials/format';
import DashboardCard, { FooterLink } from './DashboardCard';

/** How many channels the card lists; the rest are a click away. */
export const CHANNELS_SHOWN = 6;

/** A problem first: a channel in error, then one still waiting for its first message, then the rest. */
const order = { error: 0, waiting: 1, paused: 2, healthy: 3 } as const;

/** Every channel of the team with its type, status and health badge, as Channels/Index shows them. */
export default function ChannelHealthCard({
  channels,
  canCreate,
  className,
}: {
  channels: DashboardChannel[];
  canCreate: boolean;
  className?: string;
}) {
  const shown = [...channels].sort((a, b) => order[a.health] - order[b.health]).slice(0, CHANNELS_SHOWN);
  const more = channels.length - shown.length;
  return (
    <DashboardCard
      title="Channel health"
      icon="chat-bubble"
      footer={
        channels.length > 0 && (
          <FooterLink href={route('channels.index')}>
            {more > 0 ? `All ${channels.length} channels` : 'All channels'}
          </FooterLink>
        )
      }
      className={className}
    >
      {channels.length === 0 ? (
        <div className="text-sm text-gray-500">
          <p>No channel yet: customers write to you through one.</p>
          {canCreate && (
            <p className="mt-3">
              <FooterLink href={route('channels.create')}>Connect a channel</FooterLink>
            </p>
          )}
        </div>
      ) : (
        <ul className="-my-3 divide-y divide-gray-100" aria-label="Channels">
          {shown.map((channel) => (
            <li key={channel.id} className="flex gap-3 py-3" aria-label={channel.name}>
              <div className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-500">
                <Icon name={typeIcons[channel.type]} className="size-4" />
              </div>
              <div className="min-w-0 flex-1">
                <Link
                  href={route('channels.show', { channel: channel.id })}
                  className="block truncate text-sm font-medium text-gray-900 hover:text-indigo-700 focus:underline focus:outline-hidden"
                  title={channel.name}
                >
                  {channel.name}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="text-xs text-gray-500">{typeLabels[channel.type] ?? channel.type}</span>
                  <ChannelStatusBadge status={channel.status} />
                  <HealthBadge health={channel.health} detail={channel.health_detail} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
