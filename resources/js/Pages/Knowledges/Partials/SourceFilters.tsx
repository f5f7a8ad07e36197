import SearchInput from '@/Components/SearchInput';
import { useSearchField } from '@/hooks/use-search-field';
import { cn } from '@/lib/cn';
import { sourceStateLabels, visitSourceList } from './source-list-query';
import type { SourceListInfo, SourceListState } from './types';

const states: SourceListState[] = ['all', 'working', 'error', 'off'];

/**
 * Above the sources: a search by title, address or file name, and the states to show (all, being
 * read, failed, turned off) with how many sources each holds. Either goes back to the first page.
 */
export default function SourceFilters({ knowledgeId, list }: { knowledgeId: number; list: SourceListInfo }) {
  const { filters, counts } = list;
  const search = useSearchField(filters.search, (text) =>
    visitSourceList(knowledgeId, { ...filters, search: text.trim() }),
  );

  return (
    <div className="mb-4 space-y-3">
      <SearchInput
        id="source-search"
        label="Search sources"
        placeholder="Search by title, address or file"
        value={search.value}
        onChange={search.change}
        className="block w-full sm:max-w-xs"
      />
      <nav aria-label="Source states" className="-mb-px flex gap-5 overflow-x-auto border-b border-gray-200">
        {states.map((state) => {
          const active = filters.state === state;
          return (
            <button
              key={state}
              type="button"
              aria-current={active ? 'page' : undefined}
              onClick={() => {
                search.cancel();
                visitSourceList(knowledgeId, { ...filters, search: search.value.trim(), state });
              }}
              className={cn(
                'inline-flex shrink-0 items-center gap-2 border-b-2 px-1 py-2 text-sm font-medium whitespace-nowrap transition focus:outline-hidden focus-visible:ring-2 focus-visible:ring-indigo-500',
                active
                  ? 'border-indigo-500 text-indigo-700'
                  : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700',
              )}
            >
              {sourceStateLabels[state]}{' '}
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  state === 'error' && counts.error > 0
                    ? 'bg-red-100 text-red-700'
                    : active
                      ? 'bg-indigo-100 text-indigo-700'
                      : 'bg-gray-100 text-gray-600',
                )}
              >
                {counts[state].toLocaleString()}
              </span>
            </button>
          );
        })}
      </nav>
    </div>
  );
}
