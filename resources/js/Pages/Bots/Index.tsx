import { Head, router, usePage } from '@inertiajs/react';
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
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useSearchField } from '@/hooks/use-search-field';
import { useThrottled } from '@/hooks/use-throttled';
import BotList from './Partials/BotList';
import { statusLabels } from './Partials/format';
import type { BotIndexProps, BotStatus } from './Partials/types';

type Filters = { search: string; status: BotStatus | '' };

function query({ search, status }: Filters, page?: number): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  if (search.trim()) result.search = search.trim();
  if (status) result.status = status;
  if (page && page > 1) result.page = page;
  return result;
}

const indexUrl = (filters: Filters, page?: number) => route('bots.index', { _query: query(filters, page) });

const botNoun = { one: 'bot', many: 'bots' };

/**
 * Bots/Index: the team's bots, searchable and filtered by status, a page at a time. Those who may
 * create bots see how many of the plan's they use beside "New bot", and, once all are used, a
 * notice in its place. Live: a bot created, edited, published or deleted anywhere in the team
 * reloads the list and the count (at most twice a second).
 */
export default function Index({ bots, channels, filters, statuses, limit, can }: BotIndexProps) {
  const teamId = usePage().props.auth.user?.current_team?.id ?? null;
  const { meta } = bots;

  const reload = useThrottled(useLiveReload(['bots', 'limit']), 500);
  useChannel(teamId === null ? null : `teams.${teamId}`, { events: { BotChanged: reload } });

  const visit = (next: Filters) =>
    router.get(route('bots.index'), query(next), { preserveState: true, preserveScroll: true, replace: true });

  const search = useSearchField(filters.search, (text) => visit({ search: text, status: filters.status }));

  const filterStatus = (status: BotStatus | '') => {
    search.cancel();
    visit({ search: search.value, status });
  };

  const canAdd = can.create && !limit.reached;
  const create = canAdd ? <ButtonLink href={route('bots.create')}>New bot</ButtonLink> : null;
  const filtered = filters.search !== '' || filters.status !== '';
  const nothingYet = meta.total === 0 && !filtered;

  return (
    <>
      <Head title="Bots" />
      <PageHeader title="Bots">
        {can.create && (
          <div className="ms-4 flex items-center gap-4">
            <PlanLimitLine limit={limit} noun={botNoun} className="hidden text-end sm:block" />
            {canAdd && <ButtonLink href={route('bots.create')}>New bot</ButtonLink>}
          </div>
        )}
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        {can.create && <PlanLimitNotice limit={limit} noun={botNoun} className="mx-4 mb-6 sm:mx-0" />}
        {nothingYet ? (
          <EmptyState icon={<Icon name="cpu-chip" className="size-10" />} title="No bots yet" action={create}>
            <p>
              A bot answers your customers for you. You give it a name and a persona, link the knowledge bases it
              answers from, and choose when it hands a conversation to a person. Try it in the test chat, then publish
              it so that your channels and the API answer with it.
            </p>
            {!can.create && (
              <p className="mt-3">Your role in this team may look at bots; an owner, admin or editor creates them.</p>
            )}
          </EmptyState>
        ) : (
          <>
            <div className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:px-0">
              <div className="w-full sm:max-w-xs">
                <SearchInput
                  id="bot-search"
                  label="Search bots"
                  placeholder="Search by name or description"
                  value={search.value}
                  onChange={search.change}
                />
              </div>
              <div className="w-full sm:w-44">
                <label htmlFor="bot-status" className="sr-only">
                  Status
                </label>
                <Select
                  id="bot-status"
                  className="block w-full"
                  value={filters.status}
                  onChange={(event) => filterStatus(event.target.value as BotStatus | '')}
                >
                  <option value="">All statuses</option>
                  {statuses.map((status) => (
                    <option key={status} value={status}>
                      {statusLabels[status] ?? status}
                    </option>
                  ))}
                </Select>
              </div>
            </div>

            <div className="mt-6">
              {bots.data.length > 0 ? (
                <BotList bots={bots.data} channels={channels} />
              ) : meta.total === 0 ? (
                <EmptyState
                  title="No bots match"
                  action={
                    <SecondaryButton
                      onClick={() => {
                        search.reset('');
                        visit({ search: '', status: '' });
                      }}
                    >
                      Clear filters
                    </SecondaryButton>
                  }
                >
                  {filters.search ? (
                    <>
                      No {filters.status ? `${statusLabels[filters.status].toLowerCase()} ` : ''}bot matches “
                      <span className="break-words">{filters.search}</span>”. Try another word from the name or the
                      description.
                    </>
                  ) : (
                    <>No bot is {statusLabels[filters.status as BotStatus]?.toLowerCase()} right now.</>
                  )}
                </EmptyState>
              ) : (
                <PastLastPage total={meta.total} noun="bot" firstPage={indexUrl(filters)} />
              )}
            </div>

            <MetaPagination
              className="mt-6 px-4 sm:px-0"
              label="Bots pages"
              meta={meta}
              noun={['bot', 'bots']}
              page={(page) => indexUrl(filters, page)}
            />
          </>
        )}
      </div>
    </>
  );
}
