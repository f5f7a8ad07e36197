import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import SourceTypeIcon from './SourceTypeIcon';
import { sourceTypeLabels } from './format';
import type { SourceType } from './types';

export const sourceTypes: SourceType[] = ['text', 'qa', 'file', 'url', 'sitemap'];

export const tabId = (type: SourceType) => `add-source-tab-${type}`;
export const panelId = 'add-source-panel';

type SourceTypeTabsProps = {
  value: SourceType;
  onChange: (type: SourceType) => void;
};

/**
 * The kinds of source as a segmented control with the ARIA tabs pattern: one tab stop, the arrow
 * keys (and Home/End) move between kinds.
 */
export default function SourceTypeTabs({ value, onChange }: SourceTypeTabsProps) {
  const list = useRef<HTMLDivElement>(null);

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = sourceTypes.indexOf(value);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % sourceTypes.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + sourceTypes.length) % sourceTypes.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? sourceTypes.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(sourceTypes[next]);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(sourceTypes[next])}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Kind of source"
      className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1"
    >
      {sourceTypes.map((type) => {
        const selected = type === value;
        return (
          <button
            key={type}
            id={tabId(type)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(type)}
            onKeyDown={move}
            className={cn(
              'inline-flex flex-auto cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 py-1.5 sm:px-3 text-sm font-medium whitespace-nowrap transition focus:ring-2 focus:ring-indigo-500 focus:outline-hidden',
              selected ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:bg-white/60 hover:text-gray-900',
            )}
          >
            <SourceTypeIcon type={type} className="hidden size-4 shrink-0 sm:block" />
            {sourceTypeLabels[type]}
          </button>
        );
      })}
    </div>
  );
}
