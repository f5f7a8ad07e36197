import { Head, Link, router } from '@inertiajs/react';
import ButtonLink from '@/Components/ButtonLink';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import { MetaPagination } from '@/Components/Pagination';
import PastLastPage from '@/Components/PastLastPage';
import { PlanLimitLine, PlanLimitNotice } from '@/Components/PlanLimit';
import SearchInput from '@/Components/SearchInput';
import SecondaryButton from '@/Components/SecondaryButton';
import Select from '@/Components/Select';
import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useSearchField } from '@/hooks/use-search-field';
import { useThrottled } from '@/hooks/use-throttled';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import ChannelList from './Partials/ChannelList';
import { typeIcons, typeLabels } from './Partials/format';
import type { ChannelIndexProps, ChannelType, ChannelTypeInfo } from './Partials/types';
import { useTeamChannelName } from './Partials/use-live-channel';

type Filters = { search: string; type: ChannelType | '' };

function query({ search, type }: Filters, page?: number): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  if (search.trim()) result.search = search.trim();
  if (type) result.type = type;
  if (page && page > 1) result.page = page;
  return result;
}

const indexUrl = (filters: Filters, page?: number) => route('channels.index', { _query: query(filters, page) });

const channelNoun = { one: 'channel', many: 'channels' };

/** The four ways in, each opening the create form on its type. */
function TypeChoices({ types }: { types: ChannelTypeInfo[] }) {
  return (
    <ul className="mx-auto mt-6 grid max-w-2xl grid-cols-1 gap-3 text-start sm:grid-cols-2" aria-label="Channel types">
      {types.map((info) => (
        <li key={info.type}>
          <Link
            href={route('channels.create', { _query: { type: info.type } })}
            className="flex h-full gap-3 rounded-lg border border-gray-200 p-4 hover:border-indigo-300 hover:bg-indigo-50/40 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
          >
            <Icon name={typeIcons[info.type]} className="size-6 shrink-0 text-gray-400" />
            <span>
              <span className="block text-sm font-medium text-gray-900">{info.label}</span>
              <span className="mt-1 block text-xs text-gray-600">{info.description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Channels/Index: where the team's bots meet its customers (web chat, WhatsApp, Telegram, a
 * webhook), each with its health; searchable, filtered by type, a page at a time. Those who may
 * connect channels see how many of the plan's they use beside "New channel", and, once all are
 * used, a notice in its place. Live: a channel changed anywhere in the team reloads the list and
 * the count (at most twice a second).
 */
export default function Index({ channels, filters, types, limit, can }: ChannelIndexProps) {
  const { meta } = channels;

  const reload = useThrottled(useLiveReload(['channels', 'limit']), 500);
  useChannel(useTeamChannelName(), { events: { ChannelChanged: reload } });

  const visit = (next: Filters) =>
    router.get(route('channels.index'), query(next), { preserveState: true, preserveScroll: true, replace: true });

  const search = useSearchField(filters.search, (text) => visit({ search: text, type: filters.type }));

  const filterType = (type: ChannelType | '') => {
    search.cancel();
    visit({ search: search.value, type });
  };

  const canAdd = can.create && !limit.reached;
  const create = canAdd ? <ButtonLink href={route('channels.create')}>New channel</ButtonLink> : null;
  const filtered = filters.search !== '' || filters.type !== '';
  const nothingYet = meta.total === 0 && !filtered;
  const typeLabel = (type: ChannelType) => types.find((info) => info.type === type)?.label ?? typeLabels[type];

  return (
    <>
      <Head title="Channels" />
      <PageHeader title="Channels">
        {can.create && (
          <div className="ms-4 flex items-center gap-4">
            <PlanLimitLine limit={limit} noun={channelNoun} className="hidden text-end sm:block" />
            {canAdd && <ButtonLink href={route('channels.create')}>New channel</ButtonLink>}
          </div>
        )}
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        {can.create && <PlanLimitNotice limit={limit} noun={channelNoun} className="mx-4 mb-6 sm:mx-0" />}
        {nothingYet ? (
          <EmptyState icon={<Icon name="chat-bubble" className="size-10" />} title="No channels yet" action={create}>
            <p>
              A channel is where your customers write to you: a chat widget on your website, a WhatsApp number, a
              Telegram bot or your own system through a webhook. Connect one, choose the bot that answers on it, and its
              conversations arrive in the inbox, where your team can take over.
            </p>
            {canAdd ? (
              <TypeChoices types={types} />
            ) : can.create ? null : (
              <p className="mt-3">Your role in this team may look at channels; an owner or admin connects them.</p>
            )}
          </EmptyState>
        ) : (
          <>
            <div className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:px-0">
              <div className="w-full sm:max-w-xs">
                <SearchInput
                  id="channel-search"
                  label="Search channels"
                  placeholder="Search by name or identifier"
                  value={search.value}
                  onChange={search.change}
                />
              </div>
              <div className="w-full sm:w-44">
                <label htmlFor="channel-type" className="sr-only">
                  Type
                </label>
                <Select
                  id="channel-type"
                  className="block w-full"
                  value={filters.type}
                  onChange={(event) => filterType(event.target.value as ChannelType | '')}
                >
                  <option value="">All types</option>
                  {types.map((info) => (
                    <option key={info.type} value={info.type}>
                      {info.label}
                    </option>
                  ))}
                </Select>
              </div>
            </div>

            <div className="mt-6">
              {channels.data.length > 0 ? (
                <ChannelList channels={channels.data} />
              ) : meta.total === 0 ? (
                <EmptyState
                  title="No channels match"
                  action={
                    <SecondaryButton
                      onClick={() => {
                        search.reset('');
                        search.cancel();
                        visit({ search: '', type: '' });
                      }}
                    >
                      Clear filters
                    </SecondaryButton>
                  }
                >
                  {filters.search ? (
                    <>
                      No {filters.type ? `${typeLabel(filters.type)} ` : ''}channel matches “
                      <span className="break-words">{filters.search}</span>”. Try another word from the name or the
                      identifier.
                    </>
                  ) : (
                    <>The team has no {filters.type ? typeLabel(filters.type) : ''} channel yet.</>
                  )}
                </EmptyState>
              ) : (
                <PastLastPage total={meta.total} noun="channel" firstPage={indexUrl(filters)} />
              )}
            </div>

            <MetaPagination
              className="mt-6 px-4 sm:px-0"
              label="Channels pages"
              meta={meta}
              noun={['channel', 'channels']}
              page={(page) => indexUrl(filters, page)}
            />
          </>
        )}
      </div>
    </>
  );
}
