import Select from '@/Components/Select';
import SearchInput from '@/Components/SearchInput';
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

/**
 * Search, channel, bot, assignee (anyone, me, unassigned, an agent), label and priority above the
 * inbox, and its order (latest activity or the most urgent first).
 */
export default function InboxFilterBar({ filters, channels, bots, agents, labels, search, onSearch, onChange }: Props) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="w-full sm:max-w-xs">
        <SearchInput
          id="conversation-search"
          label="Search conversations"
          placeholder="Search name, phone or message"
          value={search}
          onChange={onSearch}
        />
      </div>
      <div className="w-full sm:w-44">
        <label htmlFor="conversation-channel" className="sr-only">
          Channel
        </label>
        <Select
          id="conversation-channel"
          className="block w-full"
          value={String(filters.channel)}
          onChange={(event) => onChange({ channel: idOrEmpty(event.target.value) })}
        >
          <option value="">All channels</option>
          {channels.map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channel.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-full sm:w-44">
        <label htmlFor="conversation-bot" className="sr-only">
          Bot
        </label>
        <Select
          id="conversation-bot"
          className="block w-full"
          value={String(filters.bot)}
          onChange={(event) => onChange({ bot: idOrEmpty(event.target.value) })}
        >
          <option value="">All bots</option>
          {bots.map((bot) => (
            <option key={bot.id} value={bot.id}>
              {bot.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-full sm:w-44">
        <label htmlFor="conversation-assignee" className="sr-only">
          Assignee
        </label>
        <Select
          id="conversation-assignee"
          className="block w-full"
          value={String(filters.assignee)}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ assignee: value === '' || value === 'me' || value === 'unassigned' ? value : Number(value) });
          }}
        >
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="unassigned">Unassigned</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </Select>
      </div>
      {labels.length > 0 && (
        <div className="w-full sm:w-44">
          <label htmlFor="conversation-label" className="sr-only">
            Label
          </label>
          <Select
            id="conversation-label"
            className="block w-full"
            value={String(filters.label)}
            onChange={(event) => onChange({ label: idOrEmpty(event.target.value) })}
          >
            <option value="">Any label</option>
            {labels.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="w-full sm:w-40">
        <label htmlFor="conversation-priority" className="sr-only">
          Priority
        </label>
        <Select
          id="conversation-priority"
          className="block w-full"
          value={filters.priority}
          onChange={(event) => onChange({ priority: event.target.value as InboxFilters['priority'] })}
        >
          <option value="">Any priority</option>
          {[...priorityOrder].reverse().map((priority) => (
            <option key={priority} value={priority}>
              {priorityLabels[priority]}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-full sm:w-48">
        <label htmlFor="conversation-sort" className="sr-only">
          Order
        </label>
        <Select
          id="conversation-sort"
          className="block w-full"
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value === 'priority' ? 'priority' : '' })}
        >
          <option value="">Latest activity first</option>
          <option value="priority">Most urgent first</option>
        </Select>
      </div>
    </div>
  );
}
