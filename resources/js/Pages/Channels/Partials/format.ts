import type { IconName } from '@/Components/Icon';
import type { BadgeTone } from '@/Components/StatusBadge';
import { formatPhone } from '@/lib/phone';
import type { ChannelEvent, ChannelHealth, ChannelStatus, ChannelSummary, ChannelType } from './types';

export const typeLabels: Record<ChannelType, string> = {
  web: 'Web chat',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  webhook: 'Webhook',
};

export const typeIcons: Record<ChannelType, IconName> = {
  web: 'computer-desktop',
  whatsapp: 'device-phone-mobile',
  telegram: 'chat-bubble',
  webhook: 'inbox',
};

export const statusLabels: Record<ChannelStatus, string> = { active: 'Active', paused: 'Paused' };

export const healthLabels: Record<ChannelHealth, { label: string; tone: BadgeTone }> = {
  healthy: { label: 'Healthy', tone: 'green' },
  waiting: { label: 'Waiting', tone: 'yellow' },
  error: { label: 'Error', tone: 'red' },
  paused: { label: 'Paused', tone: 'gray' },
};

export const signatureLabels: Record<ChannelEvent['signature'], { label: string; tone: BadgeTone; title: string }> = {
  valid: { label: 'Valid', tone: 'green', title: 'The provider’s signature checked out' },
  invalid: { label: 'Invalid', tone: 'red', title: 'The signature did not match: the request was refused' },
  none: { label: 'None', tone: 'gray', title: 'Not signed (sent by Kawan)' },
};

export const eventStatusLabels: Record<ChannelEvent['status'], { label: string; tone: BadgeTone }> = {
  received: { label: 'Received', tone: 'indigo' },
  processed: { label: 'Processed', tone: 'green' },
  ignored: { label: 'Ignored', tone: 'gray' },
  failed: { label: 'Failed', tone: 'red' },
  rejected: { label: 'Rejected', tone: 'red' },
  pending: { label: 'Pending', tone: 'yellow' },
  delivered: { label: 'Delivered', tone: 'green' },
};

/** The identifier as people read it: WhatsApp numbers through formatPhone, the others as they are. */
export function displayIdentifier(channel: Pick<ChannelSummary, 'type' | 'display_identifier'>): string {
  return channel.type === 'whatsapp' ? formatPhone(channel.display_identifier) : channel.display_identifier;
}

/** A name cut to `max` characters with an ellipsis, for headers. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}
