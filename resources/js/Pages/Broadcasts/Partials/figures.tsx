import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime } from '@/lib/dates';
import type { Broadcast } from './types';

/** Heroicons' megaphone: broadcasts' own icon. */
export const megaphone = {
  d: 'M10.34 15.84c-.688-.06-1.386-.09-2.09-.09H7.5a4.5 4.5 0 1 1 0-9h.75c.704 0 1.402-.03 2.09-.09m0 9.18c.253.962.584 1.892.985 2.783.247.55.06 1.21-.463 1.511l-.657.38c-.551.318-1.26.117-1.527-.461a20.845 20.845 0 0 1-1.44-4.282m3.102.069a18.03 18.03 0 0 1-.59-4.59c0-1.586.205-3.124.59-4.59m0 9.18a23.848 23.848 0 0 1 8.835 2.535M10.34 6.66a23.847 23.847 0 0 0 8.835-2.535m0 0A23.74 23.74 0 0 0 18.795 3m.38 1.125a23.91 23.91 0 0 1 1.014 5.395m-1.014 8.855c-.118.38-.245.754-.38 1.125m.38-1.125a23.91 23.91 0 0 0 1.014-5.395m0-3.46c.495.413.811 1.035.811 1.73 0 .695-.316 1.317-.811 1.73m0-3.46a24.347 24.347 0 0 1 0 3.46',
};

/**
 * A broadcast's figures as people read them: a read message was delivered, and a delivered one was
 * sent, so each figure counts those past it too.
 */
export function figuresOf(counts: Broadcast['counts']) {
  const delivered = counts.delivered + counts.read;
  const sent = counts.sent + delivered;
  return {
    total: counts.total,
    sent,
    delivered,
    read: counts.read,
    replied: counts.replied,
    failed: counts.failed,
    skipped: counts.skipped,
    /** Recipients whose copy is written and on its way or further (or left out): how far sending is. */
    done: counts.total - counts.pending,
    /** Copies written that WhatsApp has not taken yet (on their way, or waiting to be tried again). */
    inFlight: counts.queued,
  };
}

/** `part` of `whole` as a whole percentage ("–" of nobody). */
export function percentOf(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`;
}

/**
 * Where a broadcast stands, as a badge: scheduled (for when), sending (beating; also once every copy
 * is written while some have not left yet), sent, cancelled.
 */
export function BroadcastStatus({
  broadcast,
}: {
  broadcast: Pick<Broadcast, 'status' | 'scheduled_at' | 'counts'> & Partial<Pick<Broadcast, 'repeat'>>;
}) {
  if (broadcast.repeat) {
    return broadcast.status === 'cancelled' ? (
      <StatusBadge tone="gray">Stopped</StatusBadge>
    ) : (
      <StatusBadge tone="indigo" dot title={`Next ${formatDateTime(broadcast.scheduled_at)}`}>
        Every day
      </StatusBadge>
    );
  }
  const status = broadcast.status === 'sent' && broadcast.counts.queued > 0 ? 'sending' : broadcast.status;
  switch (status) {
    case 'scheduled':
      return (
        <StatusBadge tone="yellow" dot title={`Goes ${formatDateTime(broadcast.scheduled_at)}`}>
          Scheduled
        </StatusBadge>
      );
    case 'sending':
      return (
        <StatusBadge tone="indigo" dot="pulse">
          Sending
        </StatusBadge>
      );
    case 'sent':
      return (
        <StatusBadge tone="green" dot>
          Sent
        </StatusBadge>
      );
    default:
      return <StatusBadge tone="gray">Cancelled</StatusBadge>;
  }
}

/** Who a broadcast goes to, inside a sentence ("… to contacts labelled VIP"): names keep their case. */
export function audiencePhrase(audience: Broadcast['audience']): string {
  const text = audienceText(audience);
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Who a broadcast went to, in words. */
export function audienceText(audience: Broadcast['audience']): string {
  if (audience.kind === 'all') return 'All contacts with a phone number';
  if (audience.kind === 'file') return `Contacts in ${audience.file_name ?? 'a file'}`;
  if (audience.kind === 'field') {
    if (!audience.segment) return 'Contacts by a field';
    return audience.segment.value === 'today'
      ? `Contacts whose ${audience.segment.field} falls on the day, any year`
      : `Contacts whose ${audience.segment.field} is ${audience.segment.value}`;
  }
  return audience.label ? `Contacts labelled ${audience.label.name}` : 'Contacts with a label since deleted';
}
