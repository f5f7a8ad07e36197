import Icon from '@/Components/Icon';
import StatusBadge from '@/Components/StatusBadge';
import { cn } from '@/lib/cn';
import { typeIcons, typeLabels } from '../../Channels/Partials/format';
import { formatSpan, priorityLabels, remainingMs, stateLabels } from './format';
import { snoozedUntilLabel } from './snooze';
import type { ChannelType, ConversationPriority, ConversationState, ReplyTargets } from './types';

/** Bot (indigo), Waiting (yellow, beating), Human (green) or Resolved (gray). */
export default function StateBadge({ state, className }: { state: ConversationState; className?: string }) {
  const { label, tone, hint } = stateLabels[state] ?? { label: state, tone: 'gray', hint: '' };
  return (
    <StatusBadge tone={tone} dot={state === 'queued' ? 'pulse' : true} title={hint || undefined} className={className}>
      {label}
    </StatusBadge>
  );
}

const priorityTones: Record<ConversationPriority, string> = {
  urgent: 'bg-red-50 text-red-700 ring-red-600/20',
  high: 'bg-orange-50 text-orange-700 ring-orange-600/20',
  medium: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  low: 'bg-gray-50 text-gray-600 ring-gray-500/20',
};

/** A conversation's priority with a flag: Urgent (red), High (orange), Medium (sky), Low (gray). */
export function PriorityBadge({ priority, className }: { priority: ConversationPriority; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        priorityTones[priority],
        className,
      )}
      title={`Priority: ${priorityLabels[priority]}`}
    >
      <Icon name="flag" className="size-3.5" />
      {priorityLabels[priority]}
    </span>
  );
}

/** "Snoozed until tomorrow, 9:00 AM", with a clock, in the viewer's zone. */
export function SnoozedBadge({ until, now }: { until: string; now: number | Date }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-gray-600">
      <Icon name="clock" className="size-3.5" />
      Snoozed until {snoozedUntilLabel(until, now)}
    </span>
  );
}

/** Without a target, a customer left this long without a person is shown in red. */
const longWaitMs = 3600_000;

/**
 * How long the customer has waited for a person: "Waiting 14 m", amber; against the team's target
 * for the reply they wait for (the first or the next), "· 16 m left", then "· 14 m overdue" in red;
 * without one, red after an hour. Nothing when nobody owes them a reply (`since` null).
 */
export function WaitingTime({
  since,
  state,
  waitingFor = null,
  targets,
  now,
  className,
}: {
  since: string | null;
  state: ConversationState;
  waitingFor?: 'first' | 'next' | null;
  targets?: ReplyTargets;
  now: number;
  className?: string;
}) {
  const at = since ? Date.parse(since) : NaN;
  if (Number.isNaN(at)) return null;
  const waited = Math.max(0, now - at);
  const span = formatSpan(waited);
  const target = waitingFor && targets ? targets[waitingFor] : null;
  const left = target === null ? null : target * 60_000 - waited;
  const late = left === null ? waited >= longWaitMs : left <= 0;
  const what = state === 'queued' ? 'for a person to take the conversation' : 'for a reply';
  const against =
    target === null || left === null
      ? ''
      : left > 0
        ? `; the team's target is ${formatSpan(target * 60_000)}`
        : `, past the team's ${formatSpan(target * 60_000)} target`;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs whitespace-nowrap',
        late ? 'font-medium text-red-700' : 'text-amber-700',
        className,
      )}
      title={`The customer has waited ${span} ${what}${against}`}
    >
      <Icon name="clock" className="size-3.5" />
      Waiting {span}
      {/* What is left counts a started minute whole, so that the two add up to the target. */}
      {left !== null &&
        (left > 0 ? ` · ${formatSpan(Math.ceil(left / 60_000) * 60_000)} left` : ` · ${formatSpan(-left)} overdue`)}
    </span>
  );
}

/** The channel type's icon, named for assistive technology: "WhatsApp". */
export function ChannelIcon({ type, className }: { type: ChannelType; className?: string }) {
  return (
    <Icon
      name={typeIcons[type] ?? 'chat-bubble'}
      label={typeLabels[type] ?? type}
      className={cn('size-4 shrink-0 text-gray-400', className)}
    />
  );
}

/**
 * What is left of WhatsApp's 24-hour window: "Window closes in 3 h 12 m" (short: "3 h 12 m left"),
 * amber in its last hour; nothing once it has closed.
 */
export function WindowCountdown({
  expiresAt,
  now,
  short = false,
  className,
}: {
  expiresAt: string | null;
  now: number;
  short?: boolean;
  className?: string;
}) {
  const left = remainingMs(expiresAt, now);
  if (left === null) return null;
  const text = formatSpan(left);
  return (
    <span
      className={cn('text-xs whitespace-nowrap', left < 3600_000 ? 'text-amber-700' : 'text-gray-500', className)}
      title="WhatsApp lets you write freely for 24 hours after the customer’s last message"
    >
      {short ? `${text} left` : `Window closes in ${text}`}
    </span>
  );
}
