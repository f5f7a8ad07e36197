import { dayAndHour } from './compute';

/**
 * The window a report covers: a preset (today, the last 7 or 30 days, this month) or custom days,
 * in the team's time zone, and the window of the same length just before it, which every figure
 * is compared with.
 */

export const rangePresets = ['today', '7d', '30d', 'month', 'custom'] as const;
export type RangePreset = (typeof rangePresets)[number];

/** The longest custom window: a year and a day (a leap year's 366 days). */
export const MAX_DAYS = 366;

export interface ReportWindow {
  range: RangePreset;
  from: string;
  to: string;
  days: number;
  previous: { from: string; to: string };
  /** Today in the team's time zone (its figures change while the page is open). */
  today: string;
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * The day `now` falls on in `timeZone`, remembered per zone for the second it was asked in (every
 * dashboard visit asks; Intl's formatting is most of a window's cost). Zone offsets are whole
 * seconds, so every instant of one second falls on the same day.
 */
const lastDay = new Map<string, { second: number; day: string }>();
function dayIn(now: Date, timeZone: string): string {
  const second = Math.floor(now.getTime() / 1000);
  const known = lastDay.get(timeZone);
  if (known?.second === second) return known.day;
  const { day } = dayAndHour(now, timeZone);
  if (lastDay.size >= 1000) lastDay.clear();
  lastDay.set(timeZone, { second, day });
  return day;
}

/** The window of a preset, or of custom days (already checked: from ≤ to, at most MAX_DAYS). */
export function reportWindow(
  range: RangePreset,
  timeZone: string,
  now: Date,
  custom?: { from: string; to: string },
): ReportWindow {
  const today = dayIn(now, timeZone);
  let from = today;
  let to = today;
  if (range === '7d') from = shift(today, -6);
  if (range === '30d') from = shift(today, -29);
  if (range === 'month') from = `${today.slice(0, 8)}01`;
  if (range === 'custom' && custom) ({ from, to } = custom);
  const days = Math.max(0, (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1);
  return { range, from, to, days, previous: { from: shift(from, -days), to: shift(from, -1) }, today };
}
