import { Head, router, usePage } from '@inertiajs/react';
import ButtonLink from '@/Components/ButtonLink';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import { MetaPagination } from '@/Components/Pagination';
import PastLastPage from '@/Components/PastLastPage';
import { PlanLimitLine, PlanLimitNotice } from '@/Components/PlanLimit';
import SearchInput from '@/Components/SearchInput';
import SecondaryButton from '@/Components/SecondaryButton';
import { useChannel } from '@/hooks/use-channel';
import { PageHeader } from '@/Layouts/AppLayout';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import KnowledgeList from './Partials/KnowledgeList';
import { formatBytes, formatChars } from './Partials/format';
import type { KnowledgeIndexProps } from './Partials/types';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useSearchField } from '@/hooks/use-search-field';
import { useThrottled } from '@/hooks/use-throttled';

const sourceNoun = { one: 'knowledge source', many: 'knowledge sources' };

function indexUrl(search: string, page?: number): string {
  const query: Record<string, string | number> = {};
  if (search) query.search = search;
  if (page && page > 1) query.page = page;
  return route('knowledges.index', { _query: query });
}

/**
 * Knowledges/Index: the team's knowledge bases, searchable and a page at a time, each with its
 * state, and what the team stores against its plan's knowledge sources (a notice once all are
 * used: no base takes a new source then). Live: any change of a source or a knowledge base of the
 * team reloads the list (at most twice a second), so progress bars move while sources are read.
 */
export default function Index({ knowledges, filters, storage, limit, can }: KnowledgeIndexProps) {
  const teamId = usePage().props.auth.user?.current_team?.id ?? null;
  const { meta } = knowledges;

  const reload = useThrottled(useLiveReload(['knowledges', 'storage', 'limit']), 500);
  useChannel(teamId === null ? null : `teams.${teamId}`, {
    events: { KnowledgeSourceUpdated: reload, KnowledgeChanged: reload },
  });

  const search = useSearchField(filters.search, (text) => {
    const term = text.trim();
    router.get(route('knowledges.index'), term ? { search: term } : {}, {
      preserveState: true,
      preserveScroll: true,
      replace: true,
    });
  });

  const create = can.create ? <ButtonLink href={route('knowledges.create')}>New knowledge base</ButtonLink> : null;
  const nothingYet = meta.total === 0 && filters.search === '';

  return (
    <>
      <Head title="Knowledge" />
      <PageHeader title="Knowledge">
        {can.create && (
          <ButtonLink href={route('knowledges.create')} className="ms-4" aria-label="New knowledge base">
            <span className="sm:hidden">New</span>
            <span className="hidden sm:inline">New knowledge base</span>
          </ButtonLink>
        )}
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        {can.update && <PlanLimitNotice limit={limit} noun={sourceNoun} className="mx-4 mb-6 sm:mx-0" />}
        {nothingYet ? (
          <EmptyState
            icon={<Icon name="book-open" className="size-10" />}
            title="No knowledge bases yet"
            action={create}
          >
            <p>
              A knowledge base is what your bots answer from. Add FAQ pairs, paste text, upload documents (PDF, Word,
              Excel, CSV) or point it at web pages; Kawan reads them, splits them into passages and finds the right ones
              for each customer question, so replies cite your own words instead of guessing.
            </p>
            {!can.create && (
              <p className="mt-3">
                Your role in this team may read knowledge bases; an owner, admin or editor adds them.
              </p>
            )}
          </EmptyState>
        ) : (
          <>
            <div className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-0">
              <div className="w-full sm:max-w-xs">
                <SearchInput
                  id="knowledge-search"
                  label="Search knowledge bases"
                  placeholder="Search by name or description"
                  value={search.value}
                  onChange={search.change}
                />
              </div>
              <div className="text-sm text-gray-500 sm:text-end">
                <p data-testid="knowledge-storage">
                  Using {formatBytes(storage.file_bytes)} of files and {formatChars(storage.chars)} in{' '}
                  {plural(storage.sources, 'source')}
                </p>
                <PlanLimitLine limit={limit} noun={sourceNoun} />
              </div>
            </div>

            <div className="mt-6">
              {knowledges.data.length > 0 ? (
                <KnowledgeList knowledges={knowledges.data} />
              ) : meta.total === 0 ? (
                <EmptyState
                  title={<span className="break-words">No knowledge bases match “{filters.search}”</span>}
                  action={
                    <SecondaryButton
                      onClick={() => {
                        search.reset('');
                        router.get(indexUrl(''), {}, { preserveState: true, replace: true });
                      }}
                    >
                      Clear search
                    </SecondaryButton>
                  }
                >
                  Try another word from the name or the description.
                </EmptyState>
              ) : (
                <PastLastPage total={meta.total} noun="knowledge base" firstPage={indexUrl(filters.search)} />
              )}
            </div>

            <MetaPagination
              className="mt-6 px-4 sm:px-0"
              label="Knowledge bases pages"
              meta={meta}
              noun={['knowledge base', 'knowledge bases']}
              page={(page) => indexUrl(filters.search, page)}
            />
          </>
        )}
      </div>
    </>
  );
}
