import { Head, Link } from '@inertiajs/react';
import ButtonLink from '@/Components/ButtonLink';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import { MetaPagination } from '@/Components/Pagination';
import PastLastPage from '@/Components/PastLastPage';
import ProgressBar from '@/Components/ProgressBar';
import { PageHeader } from '@/Layouts/AppLayout';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { audienceText, BroadcastStatus, figuresOf, megaphone, percentOf } from './Partials/figures';
import { useLiveBroadcasts } from './Partials/use-live-broadcasts';
import type { Broadcast, BroadcastsIndexProps } from './Partials/types';

const pageUrl = (page?: number) => route('broadcasts.index', { _query: page && page > 1 ? { page } : {} });

/** One figure of a row: its number and what share of the recipients it is. */
function Figure({ label, value, of }: { label: string; value: number; of?: number }) {
  return (
    <div>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="text-sm font-medium text-gray-900 tabular-nums">
        {value.toLocaleString()}
        {of !== undefined && <span className="ms-1 text-xs font-normal text-gray-500">{percentOf(value, of)}</span>}
      </dd>
    </div>
  );
}

function When({ broadcast }: { broadcast: Broadcast }) {
  const [label, at] =
    broadcast.status === 'scheduled'
      ? [broadcast.repeat ? 'Next' : 'Goes', broadcast.scheduled_at]
      : broadcast.status === 'cancelled'
        ? [broadcast.repeat ? 'Stopped' : 'Cancelled', broadcast.cancelled_at]
        : broadcast.status === 'sent'
          ? ['Sent', broadcast.finished_at]
          : ['Started', broadcast.started_at];
  if (!at) return null;
  return (
    <span>
      {label}{' '}
      <time dateTime={at} title={formatDateTime(at)}>
        {broadcast.status === 'scheduled' ? formatDateTime(at) : fromNow(at)}
      </time>
    </span>
  );
}

/**
 * Broadcasts/Index: the team's WhatsApp broadcasts, the newest first: where each stands (scheduled,
 * sending with its progress, sent, cancelled) and how its copies did, live while they go out.
 */
export default function Index({ broadcasts, has_whatsapp: hasWhatsApp, can }: BroadcastsIndexProps) {
  useLiveBroadcasts(['broadcasts']);
  const { meta } = broadcasts;

  return (
    <>
      <Head title="Broadcasts" />
      <PageHeader title="Broadcasts">
        {can.send && hasWhatsApp && <ButtonLink href={route('broadcasts.create')}>New broadcast</ButtonLink>}
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-6 py-10 sm:px-6 lg:px-8">
        {broadcasts.data.length > 0 ? (
          <ul
            className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg"
            aria-label="Broadcasts"
          >
            {broadcasts.data.map((broadcast) => {
              const figures = figuresOf(broadcast.counts);
              return (
                <li key={broadcast.id} className="relative px-4 py-4 sm:px-6">
                  <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:gap-6">
                    <div className="min-w-0 flex-1">
                      <div className="flex items-center gap-2">
                        <Link
                          href={route('broadcasts.show', { broadcast: broadcast.id })}
                          className="truncate text-sm font-medium text-gray-900 after:absolute after:inset-0 hover:text-indigo-700 focus:underline focus:outline-hidden"
                        >
                          {broadcast.name}
                        </Link>
                        <BroadcastStatus broadcast={broadcast} />
                      </div>
                      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-500">
                        <span>{audienceText(broadcast.audience)}</span>
                        {broadcast.channel && <span>{broadcast.channel.name}</span>}
                        <span>
                          {broadcast.template.name} ({broadcast.template.language})
                        </span>
                        <When broadcast={broadcast} />
                      </p>
                      {broadcast.status === 'sending' && (
                        <ProgressBar
                          className="mt-2 max-w-md"
                          value={figures.total === 0 ? null : (figures.done / figures.total) * 100}
                          label={`Sending ${broadcast.name}`}
                        />
                      )}
                    </div>
                    {broadcast.repeat ? (
                      <p className="text-sm text-gray-500 lg:w-96 lg:text-end">
                        Each day&rsquo;s broadcast is listed with its own figures.
                      </p>
                    ) : broadcast.status === 'scheduled' ? (
                      <p className="text-sm text-gray-500 lg:w-96 lg:text-end">Recipients are counted when it goes.</p>
                    ) : (
                      <dl className="grid grid-cols-5 gap-4 lg:w-96">
                        <Figure label="Recipients" value={figures.total} />
                        <Figure label="Delivered" value={figures.delivered} of={figures.total} />
                        <Figure label="Read" value={figures.read} of={figures.total} />
                        <Figure label="Replied" value={figures.replied} of={figures.total} />
                        <Figure label="Failed" value={figures.failed + figures.skipped} />
                      </dl>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : meta.total > 0 ? (
          <PastLastPage total={meta.total} noun="broadcast" firstPage={pageUrl()} />
        ) : (
          <EmptyState
            icon={<Icon name={megaphone} className="size-10" />}
            title="No broadcasts yet"
            action={
              can.send ? (
                hasWhatsApp ? (
                  <ButtonLink href={route('broadcasts.create')}>New broadcast</ButtonLink>
                ) : (
                  <ButtonLink href={route('channels.create')}>Connect WhatsApp</ButtonLink>
                )
              ) : undefined
            }
          >
            A broadcast sends one approved WhatsApp template to many contacts at once (a promotion, a reminder, news),
            each copy with the contact&apos;s own name. Their answers arrive in the inbox, where your bot or your team
            replies.
            {!hasWhatsApp && ' It needs a WhatsApp channel first.'}
          </EmptyState>
        )}

        <MetaPagination
          className="px-4 sm:px-0"
          label="Broadcasts pages"
          meta={meta}
          noun={['broadcast', 'broadcasts']}
          page={(page) => pageUrl(page)}
        />
        {meta.total > 0 && (
          <p className="px-4 text-xs text-gray-500 sm:px-0">
            {plural(meta.total, 'broadcast')}. Contacts who asked for no more broadcasts are left out of every one.
          </p>
        )}
      </div>
    </>
  );
}
