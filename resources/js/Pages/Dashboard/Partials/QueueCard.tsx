import type { ReactNode } from 'react';
import { Link } from '@inertiajs/react';
import type { DashboardProps } from '../../../../../server/presenters/dashboard-presenter';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';
import DashboardCard, { FooterLink } from './DashboardCard';
import { formatNumber, formatWait, NONE, secondsSince } from './format';

type Queue = NonNullable<DashboardProps['queue']>;

/** "1 h 15 min" with its numbers large and its units small, so that it fits a third of the card. */
function Amount({ text }: { text: string }) {
  if (text === NONE) return text;
  return text
    .split(/(\d+)/)
    .filter(Boolean)
    .map((part, index) =>
      /^\d+$/.test(part) ? (
        part
      ) : (
        <span key={index} className="text-base font-medium text-gray-500">
          {part}
        </span>
      ),
    );
}

/** One figure of the queue; with `href`, the whole block leads to the inbox filtered to it. */
function QueueFigure({ label, value, href, hint }: { label: string; value: string; href?: string; hint?: ReactNode }) {
  const body = (
    <>
      <span className="block text-sm font-medium text-gray-500">{label}</span>
      <span className="mt-1 block text-3xl font-semibold tracking-tight whitespace-nowrap text-gray-900 tabular-nums">
        <Amount text={value} />
      </span>
      {hint && <span className="mt-1 block text-xs text-gray-500">{hint}</span>}
    </>
  );
  const box = 'block rounded-lg p-3 -m-3';
  return href ? (
    <Link href={href} className={cn(box, 'hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden')}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

/**
 * The open queue: conversations waiting for a person and in progress with one (how many of those
 * owe the customer a reply), each leading to the inbox filtered to that state, and how long the
 * customer who has waited longest for a person has waited (it grows while the page is open),
 * leading to the inbox's "Waiting longest".
 */
export default function QueueCard({ queue, now, className }: { queue: Queue; now: number; className?: string }) {
  const wait = secondsSince(queue.longest_waiting_since, now);
  const inbox = (state: 'queued' | 'human' | 'open', sort?: 'waiting') =>
    route('conversations.index', { _query: sort ? { state, sort } : { state } });
  return (
    <DashboardCard
      title="Open queue"
      icon="inbox"
      description="Conversations that need a person right now."
      footer={<FooterLink href={route('conversations.index')}>Open the inbox</FooterLink>}
      className={className}
    >
      <div className="grid grid-cols-3 gap-6">
        <QueueFigure label="Waiting" value={formatNumber(queue.queued)} href={inbox('queued')} />
        <QueueFigure
          label="In progress"
          value={formatNumber(queue.human)}
          href={inbox('human')}
          hint={queue.awaiting_reply > 0 ? `${formatNumber(queue.awaiting_reply)} awaiting a reply` : undefined}
        />
        <QueueFigure
          label="Longest wait"
          value={formatWait(wait)}
          href={wait === null ? undefined : inbox('open', 'waiting')}
          hint={wait === null ? 'Nobody is waiting' : undefined}
        />
      </div>
    </DashboardCard>
  );
}
