import Icon from '@/Components/Icon';
import StatusBadge from '@/Components/StatusBadge';
import { cn } from '@/lib/cn';
import { typeIcons, typeLabels } from '../../Channels/Partials/format';
import { formatRemaining, remainingMs, stateLabels } from './format';
import type { ChannelType, ConversationState } from './types';

/** Bot (indigo), Waiting (yellow, beating), Human (green) or Resolved (gray). */
export default function StateBadge({ state, className }: { state: ConversationState; className?: string }) {
  const { label, tone, hint } = stateLabels[state] ?? { label: state, tone: 'gray', hint: '' };
  return (
    <StatusBadge tone={tone} dot={state === 'queued' ? 'pulse' : true} title={hint || undefined} className={className}>
      {label}
    </StatusBadge>
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
  const text = formatRemaining(left);
  return (
    <span
      className={cn('text-xs whitespace-nowrap', left < 3600_000 ? 'text-amber-700' : 'text-gray-500', className)}
      title="WhatsApp lets you write freely for 24 hours after the customer’s last message"
    >
      {short ? `${text} left` : `Window closes in ${text}`}
    </span>
  );
}
