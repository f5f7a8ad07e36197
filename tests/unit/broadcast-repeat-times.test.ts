import { describe, expect, it } from 'vitest';
import { repeatTimes } from '../../server/domain/broadcasts/repeat';
import { shiftDay, zonedDayAndTime, zonedDayStart, zonedTime } from '../../server/reports/zones';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('wall-clock times in a time zone', () => {
  it('turns a day and a time into the instant, whatever the offset that day', () => {
    expect(zonedTime('2026-12-07', 8 * HOUR, 'Asia/Jakarta').toISOString()).toBe('2026-12-07T01:00:00.000Z');
    expect(zonedTime('2026-07-01', 8 * HOUR, 'Europe/Amsterdam').toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(zonedTime('2026-12-01', 8 * HOUR, 'Europe/Amsterdam').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(zonedTime('2026-03-08', 9 * HOUR + 1234, 'America/New_York').toISOString()).toBe('2026-03-08T13:00:01.234Z');
    expect(zonedDayStart('2026-10-25', 'Europe/Amsterdam').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('reads back the day and the time of an instant', () => {
    expect(zonedDayAndTime(at('2026-12-07T22:30:05.250Z'), 'Asia/Jakarta')).toEqual({
      day: '2026-12-08',
      ms: 5 * HOUR + 30 * 60_000 + 5250,
    });
    expect(zonedDayAndTime(at('2026-10-25T06:00:00Z'), 'Europe/Amsterdam')).toEqual({
      day: '2026-10-25',
      ms: 7 * HOUR,
    });
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the times of a repeating broadcast', () => {
  it('keeps its wall-clock time when daylight saving time ends and begins', () => {
    // 08:00 in Amsterdam: 06:00 UTC in summer time; the clocks go back on 25 October 2026.
    const autumn = repeatTimes(at('2026-10-24T06:00:00Z'), at('2026-10-24T06:00:30Z'), 'Europe/Amsterdam');
    expect(autumn.runAt.toISOString()).toBe('2026-10-24T06:00:00.000Z');
    expect(autumn.next.toISOString()).toBe('2026-10-25T07:00:00.000Z');
    // Forward on 29 March 2026: 07:00 UTC in winter, 06:00 UTC after.
    const spring = repeatTimes(at('2026-03-28T07:00:00Z'), at('2026-03-28T07:01:00Z'), 'Europe/Amsterdam');
    expect(spring.next.toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });

  it('makes only the latest day that came when days were missed, and moves on a day from it', () => {
    const missed = repeatTimes(at('2026-12-01T01:00:00Z'), at('2026-12-04T03:00:00Z'), 'Asia/Jakarta');
    expect(missed.runAt.toISOString()).toBe('2026-12-04T01:00:00.000Z');
    expect(missed.next.toISOString()).toBe('2026-12-05T01:00:00.000Z');
    // Before its time today, the latest is yesterday's.
    const early = repeatTimes(at('2026-12-01T01:00:00Z'), at('2026-12-04T00:30:00Z'), 'Asia/Jakarta');
    expect(early.runAt.toISOString()).toBe('2026-12-03T01:00:00.000Z');
    expect(early.next.toISOString()).toBe('2026-12-04T01:00:00.000Z');
  });

  it('keeps seconds and milliseconds of its time, and never runs before it', () => {
    const first = at('2026-12-07T10:15:42.123Z');
    const due = repeatTimes(first, at('2026-12-07T10:15:43Z'), 'Asia/Jakarta');
    expect(due.runAt).toEqual(first);
    expect(due.next.getTime()).toBe(first.getTime() + 24 * HOUR);
  });
});
