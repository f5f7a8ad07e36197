import { Fragment, useState } from 'react';
import { Link, router } from '@inertiajs/react';
import { MetaPagination } from '@/Components/Pagination';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { eventStatusLabels, signatureLabels } from './format';
import type { ChannelEvent, PageMeta } from './types';

type EventLogProps = {
  channelId: number;
  events: { data: ChannelEvent[]; meta: PageMeta };
  canReplay: boolean;
};

function Direction({ direction }: { direction: ChannelEvent['direction'] }) {
  const inbound = direction === 'inbound';
  return (
    <span
      className={inbound ? 'text-indigo-600' : 'text-emerald-600'}
      title={inbound ? 'Inbound: from the provider to Kawan' : 'Outbound: from Kawan to the provider'}
    >
      <span aria-hidden="true">{inbound ? '↓' : '↑'}</span>
      <span className="sr-only">{inbound ? 'Inbound' : 'Outbound'}</span>
    </span>
  );
}

function Attempts({ event }: { event: ChannelEvent }) {
  return (
    <ol className="space-y-1 text-xs text-gray-700" aria-label={`Attempts of ${event.event_id}`}>
      {event.attempts.map((attempt, index) => (
        <li key={index} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium">#{index + 1}</span>
          <time dateTime={attempt.at} title={formatDateTime(attempt.at)}>
            {formatDateTime(attempt.at)}
          </time>
          <StatusBadge tone={attempt.ok ? 'green' : 'red'}>{attempt.ok ? 'OK' : 'Failed'}</StatusBadge>
          {attempt.duration_ms !== undefined && <span>{attempt.duration_ms.toLocaleString()} ms</span>}
          {attempt.detail && <span className="break-all text-gray-600">{attempt.detail}</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * The channel's event log, newest first: what came in and went out, whether its signature held,
 * what became of it, duplicates the provider resent, delivery attempts (expandable), and a Replay
 * for verified inbound events and failed deliveries (POST channels.events.replay).
 */
export default function EventLog({ channelId, events, canReplay }: EventLogProps) {
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const [replaying, setReplaying] = useState<number | null>(null);
  const { meta } = events;
  const pageUrl = (page: number) => route('channels.show', { channel: channelId, _query: page > 1 ? { page } : {} });

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const replay = (event: ChannelEvent) => {
    setReplaying(event.id);
    router.post(
      route('channels.events.replay', { channel: channelId, event: event.id }),
      {},
      { preserveScroll: true, onFinish: () => setReplaying(null) },
    );
  };

  if (events.data.length === 0) {
    return (
      <p className="text-sm text-gray-600">
        {meta.total === 0 ? 'Nothing received or sent yet.' : 'Nothing on this page.'}
        {meta.total > 0 && (
          <Link href={pageUrl(1)} className="ms-2 underline">
            First page
          </Link>
        )}
      </p>
    );
  }

  return (
    <>
      <div className="-mx-4 overflow-x-auto sm:-mx-6">
        <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label="Event log">
          <thead>
            <tr className="text-xs font-medium tracking-wide text-gray-500 uppercase">
              <th scope="col" className="px-4 py-2 text-start sm:ps-6">
                Time
              </th>
              <th scope="col" className="px-2 py-2 text-start">
                <span className="sr-only">Direction</span>
              </th>
              <th scope="col" className="px-4 py-2 text-start">
                Event
              </th>
              <th scope="col" className="px-4 py-2 text-start">
                Signature
              </th>
              <th scope="col" className="px-4 py-2 text-start">
                Status
              </th>
              <th scope="col" className="px-4 py-2 text-start">
                Attempts
              </th>
              <th scope="col" className="px-4 py-2 text-end sm:pe-6">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {events.data.map((event) => {
              const signature = signatureLabels[event.signature];
              const status = eventStatusLabels[event.status] ?? { label: event.status, tone: 'gray' as const };
              const expanded = open.has(event.id);
              const attemptsId = `event-${event.id}-attempts`;
              return (
                <Fragment key={event.id}>
                  <tr aria-label={event.summary} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap text-gray-600 sm:ps-6">
                      <time dateTime={event.received_at} title={formatDateTime(event.received_at)}>
                        {fromNow(event.received_at)}
                      </time>
                    </td>
                    <td className="px-2 py-3">
                      <Direction direction={event.direction} />
                    </td>
                    <td className="min-w-48 px-4 py-3">
                      <p className="break-words text-gray-900">{event.summary}</p>
                      <p className="font-mono text-xs break-all text-gray-500">{event.event_id}</p>
                      {event.error && <p className="mt-1 text-xs break-words text-red-700">{event.error}</p>}
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge tone={signature.tone} title={signature.title}>
                        {signature.label}
                      </StatusBadge>
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-2">
                        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                        {event.duplicates > 0 && (
                          <span
                            className="text-xs font-medium text-gray-500"
                            title={`The provider sent it ${plural(event.duplicates, 'more time')}; ignored`}
                          >
                            ×{event.duplicates}
                          </span>
                        )}
                      </div>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {event.attempts.length > 0 ? (
                        <button
                          type="button"
                          onClick={() => toggle(event.id)}
                          aria-expanded={expanded}
                          aria-controls={expanded ? attemptsId : undefined}
                          className="cursor-pointer text-xs text-indigo-700 underline hover:text-indigo-900"
                        >
                          {plural(event.attempts.length, 'attempt')}
                        </button>
                      ) : (
                        <span className="text-xs text-gray-400">—</span>
                      )}
                    </td>
                    <td className="px-4 py-3 text-end whitespace-nowrap sm:pe-6">
                      <div className="flex items-center justify-end gap-3">
                        {event.conversation_url && (
                          <Link
                            href={event.conversation_url}
                            className="text-xs text-gray-700 underline hover:text-gray-900"
                          >
                            Conversation
                          </Link>
                        )}
                        {event.replayable && canReplay && (
                          <SecondaryButton
                            className="px-2 py-1"
                            disabled={replaying !== null}
                            onClick={() => replay(event)}
                            aria-label={`Replay ${event.event_id}`}
                          >
                            {replaying === event.id ? 'Replaying…' : 'Replay'}
                          </SecondaryButton>
                        )}
                      </div>
                    </td>
                  </tr>
                  {expanded && (
                    <tr id={attemptsId} className="bg-gray-50">
                      <td colSpan={7} className="px-4 py-3 sm:px-6">
                        <Attempts event={event} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>

      <MetaPagination className="mt-4" label="Event log pages" meta={meta} noun={['event', 'events']} page={pageUrl} />
    </>
  );
}
