import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, fromNow } from '@/lib/dates';

// Dates are built from local components (or ISO strings without an offset, which parse as
// local time), so the expectations hold in every time zone.
const moment = new Date(2026, 10, 22, 3, 55, 0);

function secondsAfter(seconds: number): Date {
  return new Date(moment.getTime() + seconds * 1000);
}

describe('formatDateTime', () => {
  it.each([
    ['a Date', moment],
    ['an ISO string', '2026-11-22T03:55:00'],
    ['epoch milliseconds', moment.getTime()],
  ])('formats %s as the localized long date and time', (_kind, value) => {
    expect(formatDateTime(value)).toBe('November 22, 2026 3:55 AM');
  });

  it('formats afternoons with PM', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 15, 7))).toBe('January 5, 2026 3:07 PM');
  });

  it.each([[null], [undefined], [''], ['not a date'], [Number.NaN], [new Date('invalid')]])(
    'returns an empty string for %j',
    (value) => {
      expect(formatDateTime(value)).toBe('');
    },
  );
});

describe('fromNow', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [0, 'a few seconds ago'],
    [44, 'a few seconds ago'],
    [45, 'a minute ago'],
    [89, 'a minute ago'],
    [90, '2 minutes ago'],
    [44 * 60, '44 minutes ago'],
    [45 * 60, 'an hour ago'],
    [89 * 60, 'an hour ago'],
    [90 * 60, '2 hours ago'],
    [21 * 3600, '21 hours ago'],
    [22 * 3600, 'a day ago'],
    [35 * 3600, 'a day ago'],
    [36 * 3600, '2 days ago'],
    [25 * 86400, '25 days ago'],
    [26 * 86400, 'a month ago'],
    [400 * 86400, 'a year ago'],
    [800 * 86400, '2 years ago'],
  ])('%i seconds before now reads %j', (seconds, expected) => {
    expect(fromNow(moment, secondsAfter(seconds))).toBe(expected);
  });

  it.each([
    [30, 'in a few seconds'],
    [60, 'in a minute'],
    [3 * 3600, 'in 3 hours'],
  ])('%i seconds after now reads %j', (seconds, expected) => {
    expect(fromNow(secondsAfter(seconds), moment)).toBe(expected);
  });

  it('accepts strings and epoch milliseconds for both moments', () => {
    expect(fromNow('2026-11-22T03:55:00', secondsAfter(120).getTime())).toBe('2 minutes ago');
    expect(fromNow(moment.getTime(), '2026-11-22T05:55:00')).toBe('2 hours ago');
  });

  it('measures from the current time by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(secondsAfter(5 * 60));
    expect(fromNow(moment)).toBe('5 minutes ago');
  });

  it.each([[null], [undefined], [''], ['not a date']])(
    'returns an empty string for %j',
    (value) => {
      expect(fromNow(value, moment)).toBe('');
    },
  );

  it('returns an empty string for an invalid reference moment', () => {
    expect(fromNow(moment, 'not a date')).toBe('');
  });
});
