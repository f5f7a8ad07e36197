/** Minutes a time zone is ahead of UTC at an instant (Asia/Jakarta: 420). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour') % 24,
    value('minute'),
    value('second'),
  );
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a day (`YYYY-MM-DD`) starts in a time zone, as PostgreSQL's
 * `(day::timestamp AT TIME ZONE zone)` gives it (the triggers' report_day() is its inverse).
 */
export function zonedDayStart(day: string, timeZone: string): Date {
  return zonedTime(day, 0, timeZone);
}

/**
 * The instant a wall-clock time (`ms` after midnight) of a day (`YYYY-MM-DD`) is in a time zone:
 * 08:00 in Amsterdam is 06:00 UTC in summer and 07:00 UTC in winter. A time a change of offset
 * skips (02:30 the night clocks go forward) comes out an hour off, as PostgreSQL gives it.
 */
export function zonedTime(day: string, ms: number, timeZone: string): Date {
  const localUtc = Date.parse(`${day}T00:00:00Z`) + ms;
  let guess = localUtc - offsetMinutes(new Date(localUtc), timeZone) * 60_000;
  // Once more with the offset at the guess itself (a change of offset between the two).
  guess = localUtc - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** An instant's day (`YYYY-MM-DD`) and wall-clock time (ms after midnight) in a time zone. */
export function zonedDayAndTime(at: Date, timeZone: string): { day: string; ms: number } {
  const local = at.getTime() + offsetMinutes(at, timeZone) * 60_000;
  const day = new Date(local).toISOString().slice(0, 10);
  return { day, ms: local - Date.parse(`${day}T00:00:00Z`) };
}

/** The day `days` after (before, when negative) a day, both `YYYY-MM-DD`. */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
