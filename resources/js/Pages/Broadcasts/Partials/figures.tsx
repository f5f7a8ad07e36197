import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime } from '@/lib/dates';
import type { Broadcast } from './types';

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
export function BroadcastStatus({ broadcast }: { broadcast: Pick<Broadcast, 'status' | 'scheduled_at' | 'counts'> }) {
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

/** Who a broadcast went to, in words. */
export function audienceText(audience: Broadcast['audience']): string {
  if (audience.kind === 'all') return 'All contacts with a phone number';
  return audience.label ? `Contacts labelled ${audience.label.name}` : 'Contacts with a label since deleted';
}
