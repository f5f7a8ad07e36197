import { useState, type FormEvent } from 'react';
import Select from '@/Components/Select';
import SecondaryButton from '@/Components/SecondaryButton';
import TextInput from '@/Components/TextInput';
import { cn } from '@/lib/cn';
import { rangeLabels, type RangePreset, type ReportFilters, type ReportsIndexProps } from './types';

type Props = Pick<ReportsIndexProps, 'bots' | 'channels'> & {
  filters: ReportFilters;
  /** Today in the team's time zone: the last day a custom range may end on. */
  today: string;
  onChange: (next: ReportFilters) => void;
};

const presets = Object.keys(rangeLabels) as RangePreset[];
const idOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * The range (presets, or two days of the team's calendar), the bot and the channel. A preset, a
 * bot or a channel applies at once; custom days apply with their button.
 */
export default function FilterBar({ filters, bots, channels, today, onChange }: Props) {
  const [custom, setCustom] = useState(filters.range === 'custom');
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const valid = from !== '' && to !== '' && from <= to;

  const choose = (range: RangePreset) => {
    if (range === 'custom') {
      setCustom(true);
      setFrom(filters.from);
      setTo(filters.to);
      return;
    }
    setCustom(false);
    onChange({ ...filters, range });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onChange({ ...filters, range: 'custom', from, to });
  };

  const active = custom ? 'custom' : filters.range;

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
      {/* A phone has no room for five buttons in a row: the same choice as a list. */}
      <div className="sm:hidden">
        <label htmlFor="report-range" className="sr-only">
          Range
        </label>
        <Select
          id="report-range"
          className="block w-full text-sm"
          value={active}
          onChange={(event) => choose(event.target.value as RangePreset)}
        >
          {presets.map((range) => (
            <option key={range} value={range}>
              {rangeLabels[range]}
            </option>
          ))}
        </Select>
      </div>
      <div role="group" aria-label="Date range" className="hidden rounded-md shadow-xs sm:inline-flex">
        {presets.map((range, index) => (
          <button
            key={range}
            type="button"
            aria-pressed={active === range}
            onClick={() => choose(range)}
            className={cn(
              'border border-gray-300 px-3 py-2 text-sm font-medium whitespace-nowrap transition focus:z-10 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden',
              index > 0 && '-ms-px',
              index === 0 && 'rounded-s-md',
              index === presets.length - 1 && 'rounded-e-md',
              active === range ? 'bg-gray-800 text-white' : 'bg-white text-gray-700 hover:bg-gray-50',
            )}
          >
            {rangeLabels[range]}
          </button>
        ))}
      </div>

      {custom && (
        <form onSubmit={apply} className="flex flex-wrap items-center gap-2" aria-label="Custom range">
          <label htmlFor="report-from" className="sr-only">
            From
          </label>
          <TextInput
            id="report-from"
            type="date"
            className="w-40 text-sm"
            value={from}
            max={to || today}
            onChange={(event) => setFrom(event.target.value)}
            required
          />
          <span className="text-sm text-gray-500" aria-hidden="true">
            to
          </span>
          <label htmlFor="report-to" className="sr-only">
            To
          </label>
          <TextInput
            id="report-to"
            type="date"
            className="w-40 text-sm"
            value={to}
            min={from || undefined}
            max={today}
            onChange={(event) => setTo(event.target.value)}
            required
          />
          <SecondaryButton type="submit" disabled={!valid}>
            Apply
          </SecondaryButton>
        </form>
      )}

      <div className="flex flex-col gap-3 sm:flex-row lg:ms-auto">
        <div className="w-full sm:w-48">
          <label htmlFor="report-bot" className="sr-only">
            Bot
          </label>
          <Select
            id="report-bot"
            className="block w-full text-sm"
            value={filters.bot === null ? '' : String(filters.bot)}
            onChange={(event) => onChange({ ...filters, bot: idOrNull(event.target.value) })}
          >
            <option value="">All bots</option>
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-full sm:w-48">
          <label htmlFor="report-channel" className="sr-only">
            Channel
          </label>
          <Select
            id="report-channel"
            className="block w-full text-sm"
            value={filters.channel === null ? '' : String(filters.channel)}
            onChange={(event) => onChange({ ...filters, channel: idOrNull(event.target.value) })}
          >
            <option value="">All channels</option>
            {channels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {channel.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </div>
  );
}
