import { Link } from '@inertiajs/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatDateTime, fromNow } from '@/lib/dates';
import { route } from '@/lib/route';
import { contactLabel, handoffReasonLabel } from './format';
import StateBadge, { ChannelIcon, PriorityBadge, SnoozedBadge, WaitingTime, WindowCountdown } from './StateBadge';
import type { ConversationSummary, ReplyTargets, SearchMatch } from './types';
import { LabelChip, labelsOf, type Label } from './labels';
import { useNow } from './use-now';
import Checkbox from '@/Components/Checkbox';

/** Rows with a tick box each, for the bulk actions (whoever answers conversations). */
export interface ListSelection {
  selected: readonly number[];
  onToggle: (id: number) => void;
}

const matchFrom: Record<SearchMatch['from'], string> = {
  contact: 'Customer',
  bot: 'Bot',
  agent: 'Agent',
  note: 'Note',
  system: 'Kawan',
};

/** The text with each place that holds the search (case aside) marked. */
function Highlighted({ text, search }: { text: string; search: string }) {
  const needle = search.trim().toLowerCase();
  if (needle === '') return <>{text}</>;
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="rounded-sm bg-yellow-100 px-0.5 text-gray-900">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/** Why a search listed the conversation: who wrote the message that holds it, and the words around it. */
function MatchLine({ match, search }: { match: SearchMatch; search: string }) {
  return (
    <p className="mt-1 flex min-w-0 items-baseline gap-1.5 text-sm text-gray-700" aria-label="Found in a message">
      <span className="shrink-0 text-xs font-medium text-gray-500">{matchFrom[match.from]}:</span>
      <span className="min-w-0 truncate">
        <Highlighted text={match.snippet} search={search} />
      </span>
    </p>
  );
}

/** Where a row opens: the conversation, at the message a search found in it. */
export function conversationUrl(conversation: Pick<ConversationSummary, 'id' | 'match'>): string {
  return route(
    'conversations.show',
    conversation.match
      ? { conversation: conversation.id, message: conversation.match.message_id }
      : { conversation: conversation.id },
  );
}

function ConversationRow({
  conversation,
  labels,
  replyTargets,
  now,
  selection,
  search,
  active,
}: {
  conversation: ConversationSummary;
  labels: readonly Label[];
  replyTargets?: ReplyTargets;
  now: number;
  selection?: ListSelection;
  search: string;
  /** The row the keyboard is on (j and k move it, Enter opens it). */
  active: boolean;
}) {
  const match = conversation.match ?? null;
  const name = contactLabel(conversation.contact);
  const chips = labelsOf(conversation.label_ids ?? [], labels);
  const unread = conversation.unread_count > 0;
  return (
    <li
      aria-label={`#${conversation.number} ${name}`}
      aria-current={active || undefined}
      data-conversation={conversation.id}
      className={cn(
        'relative px-4 py-4 sm:px-6',
        unread && 'bg-indigo-50/40',
        active && 'ring-2 ring-indigo-500 ring-inset',
      )}
    >
      <div className="flex items-start gap-3">
        {selection && (
          // Above the row's link, which covers the whole row.
          <Checkbox
            className="relative z-10 mt-1"
            checked={selection.selected.includes(conversation.id)}
            onChange={() => selection.onToggle(conversation.id)}
            aria-label={`Select #${conversation.number} ${name}`}
          />
        )}
        <ChannelIcon type={conversation.channel.type} className="mt-1" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              href={conversationUrl(conversation)}
              className={cn(
                'max-w-full min-w-0 truncate text-sm text-gray-900 after:absolute after:inset-0 hover:text-indigo-700 focus:underline focus:outline-hidden',
                unread ? 'font-semibold' : 'font-medium',
              )}
              title={name}
            >
              {name}
            </Link>
            <span className="text-xs text-gray-400">#{conversation.number}</span>
            <StateBadge state={conversation.state} />
            {conversation.priority && <PriorityBadge priority={conversation.priority} />}
            {conversation.state === 'queued' && conversation.handoff_reason && (
              <span className="text-xs text-yellow-800">{handoffReasonLabel(conversation.handoff_reason)}</span>
            )}
            {conversation.snoozed_until && <SnoozedBadge until={conversation.snoozed_until} now={now} />}
            {chips.map((label) => (
              <LabelChip key={label.id} label={label} />
            ))}
          </div>
          <p className={cn('mt-1 truncate text-sm', unread ? 'text-gray-900' : 'text-gray-600')}>
            {conversation.last_preview ? (
              <Highlighted text={conversation.last_preview} search={search} />
            ) : (
              <span className="text-gray-400 italic">No messages yet</span>
            )}
          </p>
          {match && <MatchLine match={match} search={search} />}
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-500">
            <span>{conversation.channel.name}</span>
            {conversation.bot && <span>Bot: {conversation.bot.name}</span>}
            <span>{conversation.assignee ? `Assigned to ${conversation.assignee.name}` : 'Unassigned'}</span>
            <WaitingTime
              since={conversation.waiting_since}
              state={conversation.state}
              waitingFor={conversation.waiting_for}
              targets={replyTargets}
              now={now}
            />
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <time
            dateTime={conversation.last_message_at}
            title={formatDateTime(conversation.last_message_at)}
            className="text-xs text-gray-500"
          >
            {fromNow(conversation.last_message_at, now)}
          </time>
          {unread && (
            <span
              className="inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white"
              aria-label={`${conversation.unread_count} unread`}
            >
              {conversation.unread_count > 99 ? '99+' : conversation.unread_count}
            </span>
          )}
          <WindowCountdown expiresAt={conversation.window_expires_at} now={now} short />
        </div>
      </div>
    </li>
  );
}

/**
 * The inbox rows of a page, in the server's order, with their labels; with `selection`, a tick box
 * on each row for the bulk actions.
 */
export default function ConversationList({
  conversations,
  labels = [],
  replyTargets,
  selection,
  search = '',
  activeId = null,
}: {
  conversations: ConversationSummary[];
  labels?: readonly Label[];
  /** The team's reply targets, each row's wait shown against its own. */
  replyTargets?: ReplyTargets;
  selection?: ListSelection;
  /** The search the list answers: marked where rows show it, and each row's hit opened. */
  search?: string;
  /** The row the keyboard is on, kept in view. */
  activeId?: number | null;
}) {
  const now = useNow(30_000);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (activeId === null) return;
    list.current?.querySelector(`[data-conversation="${activeId}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  return (
    <ul
      ref={list}
      className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg"
      aria-label="Conversations"
    >
      {conversations.map((conversation) => (
        <ConversationRow
          key={conversation.id}
          conversation={conversation}
          labels={labels}
          replyTargets={replyTargets}
          now={now}
          selection={selection}
          search={search}
          active={conversation.id === activeId}
        />
      ))}
    </ul>
  );
}
