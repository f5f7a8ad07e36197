import dayjs, { type Dayjs } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

/** A moment as the server sends it (ISO string), a Date, or epoch milliseconds. */
export type DateInput = Date | string | number;

function parse(value: DateInput | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** Localized long date and time in the browser's zone: `November 22, 2026 3:55 AM`. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return parse(value)?.format('LLL') ?? '';
}

/** Localized time of day in the browser's zone: `8:00 AM`. */
export function formatTime(value: DateInput | null | undefined): string {
  return parse(value)?.format('LT') ?? '';
}

/**
 * Time relative to `now` (default: the current time) with dayjs's default thresholds:
 * `a few seconds ago`, `a minute ago`, `2 minutes ago`, `an hour ago`, `in 3 days`…
 */
export function fromNow(value: DateInput | null | undefined, now?: DateInput): string {
  const date = parse(value);
  if (date === null) return '';
  if (now === undefined) return date.fromNow();
  const reference = parse(now);
  return reference === null ? '' : date.from(reference);
}

/** Localized long date without the time: `November 22, 2026`. Plain `YYYY-MM-DD` dates stay on their day. */
export function formatDate(value: DateInput | null | undefined): string {
  return parse(value)?.format('LL') ?? '';
}

/**
 * The day of a moment as a conversation's day divider says it, in the browser's zone: `Today`,
 * `Yesterday`, else `Monday, October 5, 2026`.
 */
export function formatDay(value: DateInput | null | undefined, now: DateInput = Date.now()): string {
  const date = parse(value);
  const today = parse(now);
  if (date === null || today === null) return '';
  if (date.isSame(today, 'day')) return 'Today';
  if (date.isSame(today.subtract(1, 'day'), 'day')) return 'Yesterday';
  return date.format('dddd, LL');
}

/** Whether two moments fall on the same day in the browser's zone. */
export function sameDay(a: DateInput, b: DateInput): boolean {
  const first = parse(a);
  const second = parse(b);
  return first !== null && second !== null && first.isSame(second, 'day');
}

/** The day of a moment in the browser's zone as `YYYY-MM-DD` (a `<time>`'s machine-readable date). */
export function formatIsoDay(value: DateInput | null | undefined): string {
  return parse(value)?.format('YYYY-MM-DD') ?? '';
}
