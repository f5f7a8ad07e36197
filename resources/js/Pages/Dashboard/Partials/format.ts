/**
 * How the dashboard writes its figures: counts with thousands separators, rates as percentages
 * with one decimal, waits in words read at a glance, and "—" for what nothing measured.
 */

export const NONE = '—';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `1,234`; `—` for null. */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? NONE : integer.format(value);
}

/** A 0–1 rate as `71.4%`; `—` for null. */
export function formatPercent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? NONE : `${(rate * 100).toFixed(1)}%`;
}

/** A wait: `< 1 min`, `12 min`, `2 h 5 min`, `3 d 4 h`; `—` for null. */
export function formatWait(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return NONE;
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return '< 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** Seconds from an ISO moment to `now` (ms); null without a moment. */
export function secondsSince(iso: string | null, now: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((now - at) / 1000));
}

/** `November 1` or `November 1 – 17` for a `YYYY-MM-DD` range (dates as written, no time zone shift). */
export function formatDays(from: string, to: string): string {
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'UTC' });
  const start = new Date(`${from}T00:00:00Z`);
  if (from === to) return month.format(start);
  return `${month.format(start)} – ${day.format(new Date(`${to}T00:00:00Z`))}`;
}
