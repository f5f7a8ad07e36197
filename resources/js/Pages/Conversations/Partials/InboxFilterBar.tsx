import { useState } from 'react';
import type { ReactNode } from 'react';
import Select from '@/Components/Select';
import SearchInput from '@/Components/SearchInput';
import { cn } from '@/lib/cn';
import type { InboxFilters } from './inbox-query';
import type { ConversationIndexProps } from './types';
import { priorityLabels, priorityOrder } from './format';

type Props = Pick<ConversationIndexProps, 'channels' | 'bots' | 'agents' | 'labels'> & {
  filters: InboxFilters;
  search: string;
  onSearch: (value: string) => void;
  onChange: (next: Partial<InboxFilters>) => void;
};

const idOrEmpty = (value: string): number | '' => (value === '' ? '' : Number(value));

/** One of the bar's selects, named for assistive technology by `label`. */
function FilterSelect({
  name,
  label,
  value,
  onChange,
  className = 'sm:w-44',
  children,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const id = `conversation-${name}`;
  return (
    <div className={cn('w-full', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select id={id} className="block w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}

/** Options for rows with an id and a name. */
const named = (rows: ReadonlyArray<{ id: number; name: string }>) =>
  rows.map((row) => (
    <option key={row.id} value={row.id}>
      {row.name}
    </option>
  ));

/**
 * Search, channel, bot, assignee (anyone, me, unassigned, an agent), label and priority above the
 * inbox, and its order (latest activity or the most urgent first).
 */
export default function InboxFilterBar({ filters, channels, bots, agents, labels, search, onSearch, onChange }: Props) {
  // On a phone the filters fold under a button, so that the list is on the first screen.
  const [unfolded, setUnfolded] = useState(false);
  const active = [filters.channel, filters.bot, filters.assignee, filters.label, filters.priority, filters.sort].filter(
    (value) => value !== '',
  ).length;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="flex w-full gap-3 sm:max-w-xs">
        <div className="min-w-0 flex-1">
          <SearchInput
            id="conversation-search"
            label="Search conversations"
            placeholder="Search name, phone or message"
            value={search}
            onChange={onSearch}
          />
        </div>
        <button
          type="button"
          onClick={() => setUnfolded(!unfolded)}
          aria-expanded={unfolded}
          aria-controls="inbox-filters"
          className="shrink-0 cursor-pointer rounded-md bg-white px-3 text-sm font-medium text-gray-700 shadow-xs ring-1 ring-gray-300 hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden sm:hidden"
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </button>
      </div>
      <div id="inbox-filters" className={cn(unfolded ? 'flex' : 'hidden', 'flex-col gap-3 sm:contents')}>
        <FilterSelect
          name="channel"
          label="Channel"
          value={String(filters.channel)}
          onChange={(value) => onChange({ channel: idOrEmpty(value) })}
        >
          <option value="">All channels</option>
          {named(channels)}
        </FilterSelect>
        <FilterSelect
          name="bot"
          label="Bot"
          value={String(filters.bot)}
          onChange={(value) => onChange({ bot: idOrEmpty(value) })}
        >
          <option value="">All bots</option>
          {named(bots)}
        </FilterSelect>
        <FilterSelect
          name="assignee"
          label="Assignee"
          value={String(filters.assignee)}
          onChange={(value) =>
            onChange({ assignee: value === '' || value === 'me' || value === 'unassigned' ? value : Number(value) })
          }
        >
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="unassigned">Unassigned</option>
          {named(agents)}
        </FilterSelect>
        {labels.length > 0 && (
          <FilterSelect
            name="label"
            label="Label"
            value={String(filters.label)}
            onChange={(value) => onChange({ label: idOrEmpty(value) })}
          >
            <option value="">Any label</option>
            {named(labels)}
          </FilterSelect>
        )}
        <FilterSelect
          name="priority"
          label="Priority"
          className="sm:w-40"
          value={filters.priority}
          onChange={(value) => onChange({ priority: value as InboxFilters['priority'] })}
        >
          <option value="">Any priority</option>
          {[...priorityOrder].reverse().map((priority) => (
            <option key={priority} value={priority}>
              {priorityLabels[priority]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          name="sort"
          label="Order"
          className="sm:w-48"
          value={filters.sort}
          onChange={(value) => onChange({ sort: value === 'priority' || value === 'waiting' ? value : '' })}
        >
          <option value="">Latest activity</option>
          <option value="priority">Most urgent first</option>
          <option value="waiting">Waiting longest</option>
        </FilterSelect>
      </div>
    </div>
  );
}
