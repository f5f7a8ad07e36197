import type { RefreshSchedule, Source, SourceStatus, SourceType } from './types';

/** 840, 18.2k, 1.2M: one decimal at most, none when it is zero. */
export function compactNumber(value: number): string {
  const scaled = (amount: number, unit: string) => `${Number(amount.toFixed(1))}${unit}`;
  if (Math.abs(value) >= 1_000_000) return scaled(value / 1_000_000, 'M');
  if (Math.abs(value) >= 1_000) return scaled(value / 1_000, 'k');
  return String(value);
}

/** "1 character", "840 characters", "18.2k characters". */
export function formatChars(chars: number): string {
  return `${compactNumber(chars)} ${chars === 1 ? 'character' : 'characters'}`;
}

/** "0 B", "512 B", "14.2 KB", "1.2 MB" (units of 1024, as file managers show them). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

/** What a refresh changed: "+3 added · −1 removed · 12 unchanged". */
export function formatDiff(diff: NonNullable<Source['diff']>): string {
  return `+${diff.added} added · −${diff.removed} removed · ${diff.unchanged} unchanged`;
}

export const sourceTypeLabels: Record<SourceType, string> = {
  text: 'Text',
  qa: 'Q&A',
  file: 'File',
  url: 'Web page',
  sitemap: 'Sitemap',
};

export const sourceStatusLabels: Record<SourceStatus, string> = {
  queued: 'Queued',
  fetching: 'Fetching',
  parsing: 'Reading',
  chunking: 'Splitting',
  embedding: 'Indexing',
  ready: 'Ready',
  error: 'Failed',
};

export const refreshLabels: Record<RefreshSchedule, string> = {
  never: 'Never',
  daily: 'Every day',
  weekly: 'Every week',
};

/** A long text cut to `max` characters with an ellipsis. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** An embedder's name without its details: "text-embedding-3-small (OpenAI-compatible server at …)" → "text-embedding-3-small". */
export function embedderName(label: string): string {
  const cut = label.search(/ \(|: /);
  return cut > 0 ? label.slice(0, cut) : label;
}
