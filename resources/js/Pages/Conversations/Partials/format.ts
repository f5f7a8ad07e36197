import type { BadgeTone } from '@/Components/StatusBadge';
import { formatPhone } from '@/lib/phone';
import type { ConversationState, Message } from './types';

/** How a contact is named: their name, else their phone (formatted), else "Visitor #id". */
export function contactLabel(contact: { id: number; name: string | null; phone: string | null }): string {
  const name = contact.name?.trim();
  if (name) return name;
  const phone = formatPhone(contact.phone);
  return phone || `Visitor #${contact.id}`;
}

export const stateLabels: Record<ConversationState, { label: string; tone: BadgeTone; hint: string }> = {
  bot: { label: 'Bot', tone: 'indigo', hint: 'The bot is answering' },
  queued: { label: 'Waiting', tone: 'yellow', hint: 'Waiting for a person to take it' },
  human: { label: 'Human', tone: 'green', hint: 'A person is answering' },
  resolved: { label: 'Resolved', tone: 'gray', hint: 'Done; a new message from the contact reopens it' },
};

export { handoffReasonLabel } from '../../../../../server/domain/conversations/handoff-reasons';
export { priorityLabels, priorityOrder } from '../../../../../server/domain/conversations/priority-labels';

/**
 * How a resolved conversation ended, as reports count it: 'bot' when no person took it over (a
 * person may still have pressed Resolve), 'human' when one did, 'auto_idle' after a day without
 * messages.
 */
export const resolvedByLabels = {
  bot: 'Answered by the bot alone',
  human: 'Answered by a person',
  auto_idle: 'Closed after a day without messages',
} as const;

/** "2 d 3 h", "3 h 12 m", "12 m", "less than a minute": a span of `ms` (what is left, or how long it has been). */
export function formatSpan(ms: number): string {
  if (ms < 60_000) return 'less than a minute';
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} d ${hours % 24} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} m` : `${minutes} m`;
}

/** Milliseconds until `iso` from `now`; null when there is no date or it has passed. */
export function remainingMs(iso: string | null | undefined, now: number): number | null {
  if (!iso) return null;
  const left = Date.parse(iso) - now;
  return Number.isNaN(left) || left <= 0 ? null : left;
}

/** What made a reply no model wrote (stored under its provider's kind, with no tokens). */
const withoutModel: Record<NonNullable<Message['ai']>['kind'], string> = {
  answer: 'No model',
  curated: 'Curated answer',
  fallback: 'Fallback, no model asked',
  handoff: 'Handoff',
  smalltalk: 'Small talk',
};

/** How a bot reply was made: "gpt-4o-mini · 1,820 ms", "Curated answer · 85 ms", "From the contact's card · 3 ms". */
export function aiLine(ai: NonNullable<Message['ai']>): string {
  const wrote = ai.prompt_tokens > 0 || ai.completion_tokens > 0;
  const fromCard = !wrote && ai.kind === 'answer' && ai.customer_details.length > 0;
  const by = wrote ? ai.model : fromCard ? "From the contact's card" : withoutModel[ai.kind];
  return [by, `${Math.round(ai.latency_ms).toLocaleString()} ms`].filter(Boolean).join(' · ');
}

/** A link target only when it is a web address: origin and citation URLs come from outside. */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
