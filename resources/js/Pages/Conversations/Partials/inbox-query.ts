import { route } from '@/lib/route';
import type { ConversationIndexProps } from './types';

export type InboxFilters = ConversationIndexProps['filters'];

/**
 * The inbox's query string (state, channel, bot, assignee, label, priority, sort, mentioned, search, page),
 * empty values left out.
 */
export function inboxQuery(filters: InboxFilters, page?: number): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  if (filters.state) result.state = filters.state;
  if (filters.channel !== '') result.channel = filters.channel;
  if (filters.bot !== '') result.bot = filters.bot;
  if (filters.assignee !== '') result.assignee = filters.assignee;
  if (filters.label !== '') result.label = filters.label;
  if (filters.priority) result.priority = filters.priority;
  if (filters.sort) result.sort = filters.sort;
  if (filters.mentioned) result.mentioned = filters.mentioned;
  if (filters.search.trim()) result.search = filters.search.trim();
  if (page && page > 1) result.page = page;
  return result;
}

export const inboxUrl = (filters: InboxFilters, page?: number) =>
  route('conversations.index', { _query: inboxQuery(filters, page) });
