import { useState } from 'react';
import { Head, Link, router, usePage } from '@inertiajs/react';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import { MetaPagination } from '@/Components/Pagination';
import PastLastPage from '@/Components/PastLastPage';
import SecondaryButton from '@/Components/SecondaryButton';
import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useSearchField } from '@/hooks/use-search-field';
import { useThrottled } from '@/hooks/use-throttled';
import { PageHeader } from '@/Layouts/AppLayout';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import BulkBar from './Partials/BulkBar';
import ConversationList, { conversationUrl } from './Partials/ConversationList';
import ShortcutsHelp from '@/Components/ShortcutsHelp';
import { useShortcuts } from '@/hooks/use-shortcuts';
import InboxFilterBar from './Partials/InboxFilterBar';
import InboxTabs from './Partials/InboxTabs';
import OnlineAgents from './Partials/OnlineAgents';
import AvailabilityToggle from './Partials/AvailabilityToggle';
import QueuedToasts from './Partials/QueuedToasts';
import { stateLabels } from './Partials/format';
import { inboxQuery, inboxUrl, type InboxFilters } from './Partials/inbox-query';
import { conversationEvents, type ConversationIndexProps, type ConversationSummary } from './Partials/types';
import { useQueuedAlert } from './Partials/use-queued-alert';

const RELOAD_EVERY_MS = 1000;

interface ConversationChanged {
  conversation: ConversationSummary;
  action: string;
}

/**
 * Conversations/Index: the team's inbox. State tabs with counts, filters and search in the query
 * string, a page of conversations at a time; tick rows to resolve, assign, mark or label them
 * together. Live: any conversation changing in the team reloads
 * the list and the counts (at most once a second), and one starting to wait for a person beeps and
 * says so in a banner.
 */
/** The inbox's keys, as "?" lists them. */
const inboxShortcuts = [
  ['j', 'Next conversation'],
  ['k', 'Previous conversation'],
  ['Enter o', 'Open it'],
  ['x', 'Tick it, for the bulk actions'],
  ['/', 'Search'],
  ['?', 'These shortcuts'],
] as const;

export default function Index({
  conversations,
  filters,
  counts,
  channels,
  bots,
  agents,
  labels,
  reply_targets: replyTargets,
  can,
}: ConversationIndexProps) {
  const user = usePage().props.auth.user;
  const teamId = user?.current_team?.id ?? null;
  /** The viewer, when they answer conversations: their availability switch. */
  const me = agents.find((agent) => agent.id === user?.id);
  const reloadAgents = useLiveReload(['agents']);
  const { toasts, alert, dismiss } = useQueuedAlert();
  const { meta } = conversations;

  // Ticked rows for the bulk actions: only those still on the page count.
  const [ticked, setTicked] = useState<number[]>([]);
  const pageIds = conversations.data.map((conversation) => conversation.id);
  const selected = ticked.filter((id) => pageIds.includes(id));
  const toggle = (id: number) =>
    setTicked((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));

  const reload = useThrottled(useLiveReload(['conversations', 'counts']), RELOAD_EVERY_MS);
  useChannel(teamId === null ? null : `teams.${teamId}`, {
    events: {
      [conversationEvents.changed]: (event: ConversationChanged) => {
        reload();
        if (event?.action === 'queued' && event.conversation) alert(event.conversation);
      },
      // A teammate went away or came back.
      [conversationEvents.availability]: () => reloadAgents(),
    },
    // What changed before the subscription (or while the socket was down) was not heard: read again.
    onSubscribed: reload,
  });

  const visit = (next: InboxFilters) =>
    router.get(route('conversations.index'), inboxQuery(next), {
      preserveState: true,
      preserveScroll: true,
      replace: true,
    });

  const search = useSearchField(filters.search, (text) => visit({ ...filters, search: text }));

  const filter = (next: Partial<InboxFilters>) => {
    search.cancel();
    visit({ ...filters, search: search.value, ...next });
  };

  const clear = () => {
    search.cancel();
    search.reset('');
    visit({
      state: filters.state,
      channel: '',
      bot: '',
      assignee: '',
      label: '',
      priority: '',
      sort: filters.sort,
      mentioned: filters.mentioned,
      search: '',
    });
  };

  // The keyboard: j and k move along the rows, Enter or o opens one, x ticks it, / goes to the search.
  const [activeId, setActiveId] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const rows = conversations.data;
  const at = rows.findIndex((row) => row.id === activeId);
  const move = (step: number) => {
    if (rows.length === 0) return;
    const next = at === -1 ? (step > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + step));
    setActiveId(rows[next].id);
  };
  const open = () => {
    if (at !== -1) router.visit(conversationUrl(rows[at]));
  };
  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    Enter: open,
    o: open,
    x: () => {
      if (can.reply && at !== -1) toggle(rows[at].id);
    },
    '/': () => document.getElementById('conversation-search')?.focus(),
    '?': () => setHelp(true),
  });

  const narrowed =
    filters.search !== '' ||
    filters.channel !== '' ||
    filters.bot !== '' ||
    filters.assignee !== '' ||
    filters.label !== '' ||
    filters.priority !== '';

  return (
    <>
      <Head title="Inbox" />
      <ShortcutsHelp show={help} onClose={() => setHelp(false)} shortcuts={inboxShortcuts} />
      <PageHeader title="Inbox">
        {/* On a phone: the availability switch and who is online; the rest waits for a wider screen. */}
        <div className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2">
          {counts.unread > 0 && (
            <span className="hidden text-sm text-gray-600 lg:inline">{plural(counts.unread, 'unread message')}</span>
          )}
          {can.reply && me && <AvailabilityToggle away={me.away === true} />}
          <OnlineAgents agents={agents} />
          {conversations.data.length > 0 && (
            // A file download of the list as filtered, not an Inertia visit.
            <a
              href={route('conversations.export', { _query: inboxQuery(filters) })}
              className="hidden text-sm text-gray-600 underline hover:text-gray-900 md:inline"
              download
            >
              Export CSV
            </a>
          )}
          {can.reply && (
            <>
              <Link
                href={route('saved-replies.index')}
                className="hidden text-sm text-gray-600 underline hover:text-gray-900 md:inline"
              >
                Saved replies
              </Link>
              <Link
                href={route('labels.index')}
                className="hidden text-sm text-gray-600 underline hover:text-gray-900 md:inline"
              >
                Labels
              </Link>
            </>
          )}
          <Link
            href={route('automations.index')}
            className="hidden text-sm text-gray-600 underline hover:text-gray-900 md:inline"
          >
            Automations
          </Link>
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-6 py-10 sm:px-6 lg:px-8">
        <div className="space-y-4 px-4 sm:px-0">
          <InboxTabs filters={filters} counts={counts} />
          <InboxFilterBar
            filters={filters}
            channels={channels}
            bots={bots}
            agents={agents}
            labels={labels}
            search={search.value}
            onSearch={search.change}
            onChange={filter}
          />
        </div>

        {can.reply && selected.length > 0 && (
          <BulkBar
            selected={selected}
            pageIds={pageIds}
            onSelect={setTicked}
            agents={agents}
            labels={labels}
            can={can}
          />
        )}

        {conversations.data.length > 0 ? (
          <ConversationList
            activeId={at === -1 ? null : activeId}
            conversations={conversations.data}
            search={filters.search}
            labels={labels}
            replyTargets={replyTargets}
            selection={can.reply ? { selected, onToggle: toggle } : undefined}
          />
        ) : meta.total > 0 ? (
          <PastLastPage total={meta.total} noun="conversation" firstPage={inboxUrl(filters)} />
        ) : (
          <EmptyState
            icon={<Icon name="inbox" className="size-10" />}
            title={narrowed ? 'No conversations match' : 'No conversations here'}
            action={narrowed ? <SecondaryButton onClick={clear}>Clear filters</SecondaryButton> : undefined}
          >
            {narrowed ? (
              <>Try another word, or another channel, bot, assignee, label or priority.</>
            ) : filters.mentioned === 'me' ? (
              <>
                No note mentions you yet. When a teammate writes “@” and your name in an internal note, the conversation
                shows here and your bell tells you.
              </>
            ) : filters.state === 'queued' ? (
              <>Nobody is waiting for a person right now. When a bot hands a conversation over, it shows here.</>
            ) : filters.state === 'snoozed' ? (
              <>
                No conversation is snoozed. Snooze one from its page to put it away until a time: it comes back by
                itself then, or as soon as the customer writes.
              </>
            ) : filters.state && filters.state !== 'open' ? (
              <>No conversation is in “{stateLabels[filters.state]?.label ?? filters.state}” right now.</>
            ) : (
              <>
                When your customers write on a connected channel (web chat, WhatsApp, Telegram or a webhook), their
                conversations appear here as they happen.
              </>
            )}
          </EmptyState>
        )}

        <MetaPagination
          className="px-4 sm:px-0"
          label="Conversations pages"
          meta={meta}
          noun={['conversation', 'conversations']}
          page={(page) => inboxUrl(filters, page)}
        />
      </div>
      <QueuedToasts toasts={toasts} onDismiss={dismiss} />
    </>
  );
}
