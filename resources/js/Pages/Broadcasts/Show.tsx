import { Head, Link, useForm } from '@inertiajs/react';
import { useState } from 'react';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import EmptyState from '@/Components/EmptyState';
import InputError from '@/Components/InputError';
import { MetaPagination } from '@/Components/Pagination';
import ProgressBar from '@/Components/ProgressBar';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge, { type BadgeTone } from '@/Components/StatusBadge';
import { PageHeader } from '@/Layouts/AppLayout';
import { cn } from '@/lib/cn';
import { formatDateTime, formatTime } from '@/lib/dates';
import { formatPhone } from '@/lib/phone';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { audiencePhrase, audienceText, BroadcastStatus, figuresOf, percentOf } from './Partials/figures';
import { useLiveBroadcasts } from './Partials/use-live-broadcasts';
import type { Broadcast, BroadcastRecipient, BroadcastsShowProps, RecipientFilter } from './Partials/types';

const filters: { value: RecipientFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'replied', label: 'Replied' },
  { value: 'failed', label: 'Failed' },
  { value: 'skipped', label: 'Left out' },
];

const pageUrl = (broadcast: number, status: RecipientFilter, page?: number) =>
  route('broadcasts.show', {
    broadcast,
    _query: { ...(status !== 'all' ? { status } : {}), ...(page && page > 1 ? { page } : {}) },
  });

const states: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'gray' },
  queued: { label: 'Sending', tone: 'indigo' },
  sending: { label: 'Sending', tone: 'indigo' },
  sent: { label: 'Sent', tone: 'gray' },
  delivered: { label: 'Delivered', tone: 'green' },
  read: { label: 'Read', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  skipped: { label: 'Left out', tone: 'yellow' },
};

function Stat({ label, value, of, tone }: { label: string; value: number; of?: number; tone?: 'red' }) {
  return (
    <div className="rounded-lg bg-white px-4 py-5 shadow-sm sm:p-6">
      <dt className="truncate text-sm font-medium text-gray-500">{label}</dt>
      <dd
        className={cn(
          'mt-1 text-2xl font-semibold tracking-tight tabular-nums',
          tone === 'red' && value > 0 ? 'text-red-700' : 'text-gray-900',
        )}
      >
        {value.toLocaleString()}
        {of !== undefined && <span className="ms-2 text-sm font-medium text-gray-500">{percentOf(value, of)}</span>}
      </dd>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="sm:col-span-1">
      <dt className="text-sm font-medium text-gray-500">{label}</dt>
      <dd className="mt-1 text-sm text-gray-900">{children}</dd>
    </div>
  );
}

function RecipientRow({ recipient, cancelled }: { recipient: BroadcastRecipient; cancelled: boolean }) {
  const retrying = (recipient.state === 'queued' || recipient.state === 'sending') && recipient.error !== null;
  const state =
    recipient.state === 'pending' && cancelled
      ? { label: 'Not sent', tone: 'gray' as const }
      : retrying
        ? { label: 'Trying again', tone: 'yellow' as const }
        : states[recipient.state];
  const phone = formatPhone(recipient.phone);
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
      <div className="min-w-0 flex-1">
        <Link
          href={route('contacts.show', { contact: recipient.contact_id })}
          className="truncate text-sm font-medium text-gray-900 hover:text-indigo-700"
        >
          {recipient.name || phone}
        </Link>
        <p className="text-xs text-gray-500">{recipient.name ? phone : null}</p>
        {recipient.error && (recipient.state === 'failed' || recipient.state === 'skipped' || retrying) && (
          <p className={cn('mt-1 text-xs', retrying ? 'text-yellow-800' : 'text-red-700')}>{recipient.error}</p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3 text-xs text-gray-500">
        {recipient.replied && <StatusBadge tone="indigo">Replied</StatusBadge>}
        <StatusBadge tone={state?.tone ?? 'gray'}>{state?.label ?? recipient.state}</StatusBadge>
        {recipient.conversation_id !== null && (
          <Link
            href={route('conversations.show', {
              conversation: recipient.conversation_id,
              _query: recipient.message_id ? { message: recipient.message_id } : {},
            })}
            className="text-indigo-700 underline hover:text-indigo-900"
          >
            #{recipient.conversation_number}
          </Link>
        )}
      </div>
    </li>
  );
}

function CancelButton({ broadcast }: { broadcast: Broadcast }) {
  const label = broadcast.repeat ? 'Stop repeating' : 'Cancel broadcast';
  const [confirming, setConfirming] = useState(false);
  const form = useForm({});
  const cancel = () =>
    form.post(route('broadcasts.cancel', { broadcast: broadcast.id }), {
      preserveScroll: true,
      onFinish: () => setConfirming(false),
    });
  return (
    <>
      <DangerButton onClick={() => setConfirming(true)}>{label}</DangerButton>
      <ConfirmationModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title={broadcast.repeat ? 'Stop repeating this broadcast?' : 'Cancel this broadcast?'}
        footer={
          <>
            <SecondaryButton onClick={() => setConfirming(false)}>Keep it</SecondaryButton>
            <DangerButton className="ms-3" disabled={form.processing} onClick={cancel}>
              {label}
            </DangerButton>
          </>
        }
      >
        {broadcast.repeat
          ? 'No more days go out. The days already sent keep their figures. This cannot be undone: to repeat it again, make it again.'
          : broadcast.status === 'scheduled'
            ? 'It will not go. This cannot be undone: to send it later, make it again.'
            : 'Contacts not yet sent to will not get it; those who have it keep it. This cannot be undone.'}
      </ConfirmationModal>
    </>
  );
}

/**
 * Broadcasts/Show: how a broadcast did (recipients, delivered, read, replied, failed), its details,
 * and each recipient's copy with where it stands, why it failed or was left out, and its
 * conversation. Live while it goes out; cancellable before it has.
 */
/** A repeating broadcast's days, the latest first, each with how its copies did. */
function Days({ days }: { days: Broadcast[] }) {
  return (
    <section aria-labelledby="days-title" className="space-y-3">
      <h3 id="days-title" className="px-4 text-lg font-medium text-gray-900 sm:px-0">
        Days sent
      </h3>
      {days.length > 0 ? (
        <ul className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg" aria-label="Days">
          {days.map((day) => {
            const figures = figuresOf(day.counts);
            return (
              <li key={day.id} className="relative flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
                <div className="flex min-w-0 flex-1 items-center gap-2">
                  <Link
                    href={route('broadcasts.show', { broadcast: day.id })}
                    className="truncate text-sm font-medium text-gray-900 after:absolute after:inset-0 hover:text-indigo-700"
                  >
                    {day.name}
                  </Link>
                  <BroadcastStatus broadcast={day} />
                </div>
                <p className="text-xs text-gray-500 tabular-nums">
                  {plural(figures.total, 'recipient')} · {percentOf(figures.delivered, figures.total)} delivered ·{' '}
                  {percentOf(figures.read, figures.total)} read · {plural(figures.replied, 'reply', 'replies')}
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState title="No day yet">
          Each day at its time, the contacts of that day get their copy; a day with nobody sends nothing.
        </EmptyState>
      )}
    </section>
  );
}

export default function Show({
  broadcast,
  days,
  recipients,
  filters: current,
  can,
  errors,
}: BroadcastsShowProps & {
  errors: Record<string, string>;
}) {
  // A repeating broadcast's page follows its days too.
  useLiveBroadcasts(['broadcast', 'days', 'recipients', 'can'], broadcast.repeat ? undefined : broadcast.id);
  const figures = figuresOf(broadcast.counts);
  const cancelled = broadcast.status === 'cancelled';

  return (
    <>
      <Head title={broadcast.name} />
      <PageHeader title={broadcast.name}>
        <div className="flex items-center gap-3">
          <BroadcastStatus broadcast={broadcast} />
          {can.cancel && <CancelButton broadcast={broadcast} />}
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-6 py-10 sm:px-6 lg:px-8">
        <InputError message={errors.broadcast} className="px-4 sm:px-0" role="alert" />
        {broadcast.repeat && broadcast.status === 'scheduled' && (
          <p className="bg-white px-4 py-4 text-sm text-gray-700 shadow-sm sm:rounded-lg sm:px-6">
            Goes every day at <span className="font-medium">{formatTime(broadcast.scheduled_at)}</span> to{' '}
            {audiencePhrase(broadcast.audience)}; next on{' '}
            <span className="font-medium">{formatDateTime(broadcast.scheduled_at)}</span>. A day with nobody sends
            nothing.
          </p>
        )}
        {!broadcast.repeat && broadcast.status === 'scheduled' && (
          <p className="bg-white px-4 py-4 text-sm text-gray-700 shadow-sm sm:rounded-lg sm:px-6">
            Goes on <span className="font-medium">{formatDateTime(broadcast.scheduled_at)}</span> to{' '}
            {audiencePhrase(broadcast.audience)}, counted then.
          </p>
        )}
        {broadcast.status === 'sent' && figures.inFlight > 0 && (
          <p className="bg-white px-4 py-4 text-sm text-gray-700 shadow-sm sm:rounded-lg sm:px-6">
            Every copy is written; {plural(figures.inFlight, 'copy', 'copies')}{' '}
            {figures.inFlight === 1 ? 'has' : 'have'} not left yet. WhatsApp is tried again for those it refused for
            now, five times over about five minutes.
          </p>
        )}
        {broadcast.status === 'sending' && (
          <div className="bg-white px-4 py-4 shadow-sm sm:rounded-lg sm:px-6">
            <p className="text-sm text-gray-700">
              {broadcast.channel?.paused
                ? `Waiting: ${broadcast.channel.name} is paused. It goes on once the channel is active again.`
                : `Sending: ${figures.done.toLocaleString()} of ${plural(figures.total, 'recipient')}.`}
            </p>
            <ProgressBar
              className="mt-2"
              value={figures.total === 0 ? null : (figures.done / figures.total) * 100}
              label={`Sending ${broadcast.name}`}
              tone={broadcast.channel?.paused ? 'amber' : 'indigo'}
            />
          </div>
        )}

        {!broadcast.repeat && broadcast.status !== 'scheduled' && (
          <dl className="grid grid-cols-2 gap-4 px-4 sm:grid-cols-3 sm:px-0 lg:grid-cols-6" aria-label="Figures">
            <Stat label="Recipients" value={figures.total} />
            <Stat label="Sent" value={figures.sent} of={figures.total} />
            <Stat label="Delivered" value={figures.delivered} of={figures.total} />
            <Stat label="Read" value={figures.read} of={figures.total} />
            <Stat label="Replied" value={figures.replied} of={figures.total} />
            <Stat label="Failed or left out" value={figures.failed + figures.skipped} tone="red" />
          </dl>
        )}

        <div className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:px-6">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-6 sm:grid-cols-3">
            <Detail label="WhatsApp number">
              {broadcast.channel ? (
                <Link href={route('channels.show', { channel: broadcast.channel.id })} className="hover:underline">
                  {broadcast.channel.name}
                </Link>
              ) : (
                'Deleted'
              )}
            </Detail>
            <Detail label="Template">
              {broadcast.template.name} ({broadcast.template.language})
            </Detail>
            <Detail label="Recipients">{audienceText(broadcast.audience)}</Detail>
            <Detail label="Made by">{broadcast.created_by ?? 'A former member'}</Detail>
            {broadcast.repeat ? (
              broadcast.status === 'scheduled' && <Detail label="Next">{formatDateTime(broadcast.scheduled_at)}</Detail>
            ) : (
              <Detail label={broadcast.status === 'scheduled' ? 'Goes' : 'Started'}>
                {formatDateTime(broadcast.status === 'scheduled' ? broadcast.scheduled_at : broadcast.started_at)}
              </Detail>
            )}
            {broadcast.parent_id !== null && (
              <Detail label="Repeats">
                <Link href={route('broadcasts.show', { broadcast: broadcast.parent_id })} className="hover:underline">
                  Every day: see all its days
                </Link>
              </Detail>
            )}
            {(broadcast.finished_at || broadcast.cancelled_at) && (
              <Detail label={cancelled ? (broadcast.repeat ? 'Stopped' : 'Cancelled') : 'Finished'}>
                {formatDateTime(broadcast.cancelled_at ?? broadcast.finished_at)}
              </Detail>
            )}
          </dl>
        </div>

        {broadcast.repeat && <Days days={days} />}

        {!broadcast.repeat && broadcast.status !== 'scheduled' && (
          <section aria-labelledby="recipients-title" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3 px-4 sm:px-0">
              <div className="flex items-baseline gap-4">
                <h3 id="recipients-title" className="text-lg font-medium text-gray-900">
                  Recipients
                </h3>
                {/* A file download, not an Inertia visit: every recipient, whatever the filter. */}
                <a
                  href={route('broadcasts.export', { broadcast: broadcast.id })}
                  className="text-sm text-gray-600 underline hover:text-gray-900"
                  download
                >
                  Export CSV
                </a>
              </div>
              <nav aria-label="Show recipients" className="flex gap-1">
                {filters.map((filter) => (
                  <Link
                    key={filter.value}
                    href={pageUrl(broadcast.id, filter.value)}
                    preserveScroll
                    aria-current={current.status === filter.value ? 'page' : undefined}
                    className={cn(
                      'rounded-md px-3 py-1.5 text-sm font-medium',
                      current.status === filter.value
                        ? 'bg-indigo-50 text-indigo-700'
                        : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900',
                    )}
                  >
                    {filter.label}
                  </Link>
                ))}
              </nav>
            </div>
            {recipients.data.length > 0 ? (
              <ul
                className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg"
                aria-label="Recipients"
              >
                {recipients.data.map((recipient) => (
                  <RecipientRow key={recipient.id} recipient={recipient} cancelled={cancelled} />
                ))}
              </ul>
            ) : (
              <EmptyState title={current.status === 'all' ? 'Nobody yet' : 'Nobody here'}>
                {current.status === 'replied'
                  ? 'Contacts who write back after their copy are listed here.'
                  : current.status === 'failed'
                    ? 'No copy failed.'
                    : current.status === 'skipped'
                      ? 'Nobody was left out.'
                      : 'Recipients appear as the broadcast goes out.'}
              </EmptyState>
            )}
            <MetaPagination
              className="px-4 sm:px-0"
              label="Recipients pages"
              meta={recipients.meta}
              noun={['recipient', 'recipients']}
              page={(page) => pageUrl(broadcast.id, current.status, page)}
            />
          </section>
        )}
      </div>
    </>
  );
}
