import type { ReactNode } from 'react';
import { Link } from '@inertiajs/react';
import type { FeedItem } from '../../../../../server/presenters/dashboard-presenter';
import Icon, { type IconName } from '@/Components/Icon';
import { cn } from '@/lib/cn';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { contactLabel, handoffReasonLabel } from '../../Conversations/Partials/format';
import DashboardCard from './DashboardCard';

const looks: Record<FeedItem['kind'], { icon: IconName; bubble: string }> = {
  handoff: { icon: 'inbox', bubble: 'bg-yellow-500' },
  resolved: { icon: 'check-circle', bubble: 'bg-green-500' },
  ingest_ready: { icon: 'book-open', bubble: 'bg-indigo-500' },
  ingest_failed: { icon: 'exclamation-triangle', bubble: 'bg-red-500' },
  member_joined: { icon: 'user-plus', bubble: 'bg-gray-400' },
};

const subject = 'font-medium text-gray-900 hover:text-indigo-700 focus:underline focus:outline-hidden';

/** The event in one sentence, its subject linking to the screen it is about. */
function Sentence({ item }: { item: FeedItem }): ReactNode {
  switch (item.kind) {
    case 'handoff':
    case 'resolved': {
      const who = (
        <Link href={item.url} className={subject}>
          {contactLabel(item.conversation.contact)} <span className="text-gray-500">#{item.conversation.number}</span>
        </Link>
      );
      if (item.kind === 'handoff') {
        const reason = item.reason ? handoffReasonLabel(item.reason) : null;
        return (
          <>
            {who} was handed over to a person{reason && <span className="text-gray-500"> · {reason}</span>}
          </>
        );
      }
      const by =
        item.resolved_by === 'human'
          ? `resolved by ${item.agent ?? 'a person'}`
          : item.resolved_by === 'auto_idle'
            ? 'resolved after inactivity'
            : // No person took it over, whoever pressed Resolve (the thread names them).
              'resolved, answered by the bot alone';
      return (
        <>
          {who} {by}
        </>
      );
    }
    case 'ingest_ready':
    case 'ingest_failed':
      return (
        <>
          <Link href={item.url} className={subject}>
            {item.source.title}
          </Link>
          {item.count > 1 ? (
            <> and {plural(item.count - 1, 'more source')} are ready in </>
          ) : (
            <> {item.kind === 'ingest_ready' ? 'is ready in' : 'failed to load in'} </>
          )}
          {item.knowledge.name}
          {item.error && <span className="mt-0.5 block text-xs break-words text-red-700">{item.error}</span>}
        </>
      );
    case 'member_joined':
      return (
        <>
          <Link href={item.url} className={subject}>
            {item.member.name}
          </Link>{' '}
          joined the team as {item.member.role_name}
        </>
      );
  }
}

/**
 * The team's latest events, newest first: handoffs and resolutions, knowledge ingests finished or
 * failed, members joined; each leads to its screen.
 */
export default function ActivityFeed({
  items,
  now,
  className,
}: {
  items: FeedItem[];
  now: number;
  className?: string;
}) {
  return (
    <DashboardCard title="Recent activity" icon="bell" className={className}>
      {items.length === 0 ? (
        <p className="text-sm text-gray-500">
          Nothing has happened yet. Handoffs, resolved conversations, knowledge that finished loading and new members
          show up here as they happen.
        </p>
      ) : (
        <div className="flow-root">
          <ul aria-label="Recent activity" className="-mb-6">
            {items.map((item, index) => {
              const look = looks[item.kind];
              return (
                <li key={item.id}>
                  <div className="relative pb-6">
                    {index < items.length - 1 && (
                      <span
                        aria-hidden="true"
                        className="absolute top-8 left-4 -ml-px h-[calc(100%-2rem)] w-0.5 bg-gray-200"
                      />
                    )}
                    <div className="relative flex gap-3">
                      <span
                        className={cn(
                          'flex size-8 shrink-0 items-center justify-center rounded-full ring-8 ring-white',
                          look.bubble,
                        )}
                      >
                        <Icon name={look.icon} className="size-4 text-white" />
                      </span>
                      <div className="flex min-w-0 flex-1 flex-col gap-x-4 gap-y-0.5 pt-1.5 sm:flex-row sm:justify-between">
                        <p className="min-w-0 text-sm text-gray-600">
                          <Sentence item={item} />
                        </p>
                        <time
                          dateTime={item.at}
                          title={formatDateTime(item.at)}
                          className="shrink-0 text-xs whitespace-nowrap text-gray-500 sm:pt-0.5 sm:text-sm"
                        >
                          {fromNow(item.at, Math.max(now, Date.parse(item.at)))}
                        </time>
                      </div>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </DashboardCard>
  );
}
