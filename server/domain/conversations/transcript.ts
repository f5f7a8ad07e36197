/**
 * A conversation written out as plain text, as a team downloads it to keep or to pass on: a header
 * (number, channel, contact, when it started and its state), then every message in order with its
 * time in the team's time zone and who wrote it; files by name, internal notes marked as such, the
 * thread's system lines between dashes. Pure.
 */
import type { MessageRow } from '../../db/repositories/conversation-repository';
import type { StoredAttachment } from '../../channels/media';

export interface TranscriptHeader {
  number: number;
  channelName: string;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  createdAt: Date;
  state: string;
  /** The team's IANA time zone ('Asia/Jakarta'). */
  timezone: string;
}

const stamp = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

/** '2026-12-06 14:31' in the zone. */
function when(format: Intl.DateTimeFormat, at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(at).find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** Who wrote a message, as the transcript names them. */
function author(message: MessageRow & { senderName?: string | null }, contact: string): string {
  switch (message.sender) {
    case 'contact':
      return contact;
    case 'bot':
      return message.senderName ? `${message.senderName} (bot)` : 'Bot';
    case 'agent':
      return message.senderName ?? 'Agent';
    default:
      return message.kind === 'note' ? 'Automation rule' : 'Kawan';
  }
}

export function transcriptText(
  header: TranscriptHeader,
  messages: readonly (MessageRow & { senderName?: string | null })[],
): string {
  const format = stamp(header.timezone);
  const contact = header.contactName ?? header.contactPhone ?? header.contactEmail ?? 'Customer';
  const details = [header.contactPhone, header.contactEmail].filter(Boolean).join(', ');
  const lines = [
    `Conversation #${header.number} · ${header.channelName}`,
    `Contact: ${contact}${details && details !== contact ? ` (${details})` : ''}`,
    `Started: ${when(format, header.createdAt)} (${header.timezone}) · State: ${header.state}`,
    '',
  ];
  for (const message of messages) {
    const at = when(format, message.createdAt);
    // Kawan's own lines (an automation rule's note is a note, below).
    if (message.sender === 'system' && message.kind !== 'note') {
      lines.push(`${at}  — ${message.text} —`);
      continue;
    }
    const files = (message.attachments as StoredAttachment[]).map(
      (file) => `[file: ${file.name ?? file.mime ?? 'attachment'}]`,
    );
    const body = [message.text.trim(), ...files].filter(Boolean).join(' ');
    const who = author(message, contact);
    const label =
      message.kind === 'note' ? `${who} (internal note)` : message.kind === 'template' ? `${who} (template)` : who;
    const [first, ...rest] = body.split('\n');
    lines.push(`${at}  ${label}: ${first ?? ''}`);
    for (const line of rest) lines.push(`    ${line}`);
  }
  return `${lines.join('\n')}\n`;
}
