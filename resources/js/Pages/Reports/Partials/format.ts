/**
 * How the Reports page writes its figures: numbers with thousands separators, rates as percentages
 * with one decimal, durations in words a person reads at a glance, money in US dollars with enough
 * decimals for a fraction of a cent, and "—" for a figure nothing measured.
 */

export const NONE = '—';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** `1,234`; `—` for null. */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? NONE : integer.format(value);
}

/** `1.3M`, `97.4K`, `812`: for a secondary line where the exact figure is elsewhere. */
export function formatCompact(value: number): string {
  return compact.format(value);
}

/** A 0–1 rate as `71.4%`; `—` for null. */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return NONE;
  return `${(rate * 100).toFixed(1)}%`;
}

/** `4.41`: an average with two decimals; `—` for null. */
export function formatDecimal(value: number | null | undefined): string {
  return value === null || value === undefined ? NONE : value.toFixed(2);
}

/**
 * Seconds as `4 s`, `2.4 s` (a tenth under ten seconds), `3 min 10 s`, `2 h 5 min`, `3 d 4 h`;
 * under a tenth of a second `< 0.1 s`; `—` for null.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return NONE;
  if (seconds > 0 && seconds < 0.05) return '< 0.1 s';
  if (seconds < 9.95) return `${Number(seconds.toFixed(1))} s`;
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) {
    const rest = total % 60;
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

/**
 * US dollars: `$12.34`, `$0.251`, `$0.000716` (two significant figures past the zeros of a small
 * amount), `$0.00` for nothing; `—` for null.
 */
export function formatUsd(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return NONE;
  const size = Math.abs(amount);
  const decimals = size === 0 || size >= 1 ? 2 : Math.min(8, Math.max(2, Math.ceil(-Math.log10(size)) + 2));
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: decimals,
  }).format(amount);
}

/**
 * The change from the previous window in percent (+12.5 for 12.5% more), or null when there is
 * nothing to compare with (either figure missing, or the previous one zero).
 */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** `YYYY-MM-DD` as `24 Nov 2026` (`24 Nov` without the year). */
export function formatDay(day: string, withYear = true): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** `18 – 24 Nov 2026`, `28 Oct – 3 Nov 2026`, `24 Nov 2026` for one day. */
export function formatDays(from: string, to: string): string {
  if (from === to) return formatDay(from);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${Number(from.slice(8))} – ${formatDay(to)}`;
  if (from.slice(0, 4) === to.slice(0, 4)) return `${formatDay(from, false)} – ${formatDay(to)}`;
  return `${formatDay(from)} – ${formatDay(to)}`;
}

/** `1 conversation`, `3 conversations`. */
export function plural(count: number, noun: string): string {
  return `${formatNumber(count)} ${count === 1 ? noun : `${noun}s`}`;
}
