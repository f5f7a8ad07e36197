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
