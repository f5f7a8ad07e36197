import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import { inboxUrl, type InboxFilters } from './inbox-query';
import type { ConversationIndexProps } from './types';

interface Tab {
  key: string;
  label: string;
  count: number | null;
  filters: Pick<InboxFilters, 'state' | 'assignee' | 'mentioned'>;
  active: boolean;
}

function tabsOf(filters: InboxFilters, counts: ConversationIndexProps['counts']): Tab[] {
  const mine = filters.assignee === 'me';
  const mentions = filters.mentioned === 'me';
  // The state tabs keep an agent or "unassigned" chosen below, and leave "Mine" and "Mentions".
  const assignee = mine ? '' : filters.assignee;
  const state = (value: InboxFilters['state']) => ({ state: value, assignee, mentioned: '' as const });
  const tabs: Tab[] = [
    {
      key: 'open',
      label: 'Open',
      count: counts.bot + counts.queued + counts.human,
      filters: state('open'),
      active: filters.state === 'open' && !mine,
    },
    {
      key: 'queued',
      label: 'Waiting',
      count: counts.queued,
      filters: state('queued'),
      active: filters.state === 'queued',
    },
    // As the server counts it: conversations a person is answering, assigned to me.
    {
      key: 'mine',
      label: 'Mine',
      count: counts.mine,
      filters: { state: 'human', assignee: 'me', mentioned: '' },
      active: filters.state === 'human' && mine,
    },
    // Conversations with a note that names me, whatever their state.
    {
      key: 'mentions',
      label: 'Mentions',
      count: null,
      filters: { state: '', assignee: '', mentioned: 'me' },
      active: mentions,
    },
    { key: 'bot', label: 'Bot', count: counts.bot, filters: state('bot'), active: filters.state === 'bot' },
    {
      key: 'human',
      label: 'Human',
      count: counts.human,
      filters: state('human'),
      active: filters.state === 'human' && !mine,
    },
    {
      key: 'snoozed',
      label: 'Snoozed',
      count: counts.snoozed,
      filters: state('snoozed'),
      active: filters.state === 'snoozed',
    },
    {
      key: 'resolved',
      label: 'Resolved',
      count: null,
      filters: state('resolved'),
      active: filters.state === 'resolved',
    },
    { key: 'all', label: 'All', count: null, filters: state(''), active: filters.state === '' && !mine },
  ];
  // Mentions is a view of its own: no state tab is current beside it.
  return tabs.map((tab) => (tab.key === 'mentions' || !mentions ? tab : { ...tab, active: false }));
}

/**
 * The inbox's state tabs with their counts (Open, Waiting, Mine, Mentions, Bot, Human, Snoozed,
 * Resolved, All); each is a link to the inbox with the other filters kept and the first page. Open counts
 * bot, waiting and human together, snoozed ones left out (the props count neither resolved
 * conversations nor all of them).
 */
export default function InboxTabs({
  filters,
  counts,
}: {
  filters: InboxFilters;
  counts: ConversationIndexProps['counts'];
}) {
  return (
    <nav aria-label="Conversation states" className="-mb-px flex gap-6 overflow-x-auto border-b border-gray-200">
      {tabsOf(filters, counts).map((tab) => (
        <Link
          key={tab.key}
          href={inboxUrl({ ...filters, ...tab.filters })}
          preserveScroll
          aria-current={tab.active ? 'page' : undefined}
          className={cn(
            'inline-flex shrink-0 items-center gap-2 border-b-2 px-1 py-3 text-sm font-medium whitespace-nowrap transition focus:outline-hidden focus-visible:ring-2 focus-visible:ring-indigo-500',
            tab.active
              ? 'border-indigo-500 text-indigo-700'
              : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700',
          )}
        >
          {tab.label}
          {tab.count !== null && (
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                tab.key === 'queued' && tab.count > 0
                  ? 'bg-yellow-100 text-yellow-800'
                  : tab.active
                    ? 'bg-indigo-100 text-indigo-700'
                    : 'bg-gray-100 text-gray-600',
              )}
            >
              {tab.count.toLocaleString()}
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}
