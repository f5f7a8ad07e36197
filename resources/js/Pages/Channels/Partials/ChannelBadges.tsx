import Icon from '@/Components/Icon';
import StatusBadge from '@/Components/StatusBadge';
import { cn } from '@/lib/cn';
import { healthLabels, statusLabels, typeIcons, typeLabels } from './format';
import type { ChannelHealth, ChannelStatus, ChannelType } from './types';

/** The type's icon and its name: "WhatsApp". */
export function ChannelTypeLabel({ type, className }: { type: ChannelType; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm text-gray-600', className)}>
      <Icon name={typeIcons[type]} className="size-4 shrink-0 text-gray-400" />
      {typeLabels[type] ?? type}
    </span>
  );
}

/** Active (green) or Paused (yellow). */
export function ChannelStatusBadge({ status }: { status: ChannelStatus }) {
  return (
    <StatusBadge tone={status === 'active' ? 'green' : 'yellow'} dot>
      {statusLabels[status] ?? status}
    </StatusBadge>
  );
}

/** Healthy, Waiting, Error or Paused; the sentence behind it is the badge's tooltip. */
export function HealthBadge({ health, detail }: { health: ChannelHealth; detail: string }) {
  const { label, tone } = healthLabels[health] ?? { label: health, tone: 'gray' };
  return (
    <StatusBadge tone={tone} dot={health === 'waiting' ? 'pulse' : true} title={detail || undefined}>
      {label}
      {detail && <span className="sr-only">: {detail}</span>}
    </StatusBadge>
  );
}
