import { router } from '@inertiajs/react';
import { route } from '@/lib/route';
import type { SourceListInfo, SourceListState } from './types';

export type SourceListFilters = SourceListInfo['filters'];

/** The form's address with the sources list's search, state and page (defaults left out). */
export function sourceListUrl(knowledgeId: number, filters: SourceListFilters, page = 1): string {
  const query: Record<string, string | number> = {};
  if (filters.search) query.search = filters.search;
  if (filters.state !== 'all') query.state = filters.state;
  if (page > 1) query.page = page;
  return route('knowledges.edit', { knowledge: knowledgeId, _query: query });
}

/** Shows another page or filter of the sources: only the list's props are asked for, the rest of the form stays. */
export function visitSourceList(knowledgeId: number, filters: SourceListFilters, page = 1): void {
  router.get(
    sourceListUrl(knowledgeId, filters, page),
    {},
    { only: ['sources', 'source_list'], preserveState: true, preserveScroll: true, replace: true },
  );
}

export const sourceStateLabels: Record<SourceListState, string> = {
  all: 'All',
  working: 'Being read',
  error: 'Failed',
  off: 'Turned off',
};
