import { describe, expect, it } from 'vitest';
import { customBounds, snoozeChoices, snoozedUntilLabel } from '@/Pages/Conversations/Partials/snooze';

/** The snooze menu's times, in the browser's zone, and how a snoozed conversation says until when. */
describe('snooze choices', () => {
  const until = (now: Date, key: string) => snoozeChoices(now).find((choice) => choice.key === key)!.until;

  it('comes back in an hour, in three, tomorrow at 09:00 and next Monday at 09:00, on the minute', () => {
    const wednesday = new Date(2026, 11, 9, 23, 40, 30);
    expect(until(wednesday, 'hour')).toEqual(new Date(2026, 11, 10, 0, 40));
    expect(until(wednesday, 'hours')).toEqual(new Date(2026, 11, 10, 2, 40));
    expect(until(wednesday, 'tomorrow')).toEqual(new Date(2026, 11, 10, 9, 0));
    expect(until(wednesday, 'week')).toEqual(new Date(2026, 11, 14, 9, 0));
  });

  it('takes next week from a Monday a week ahead, and from a Sunday the next day', () => {
    expect(until(new Date(2026, 11, 7, 8, 0), 'week')).toEqual(new Date(2026, 11, 14, 9, 0));
    expect(until(new Date(2026, 11, 13, 20, 0), 'week')).toEqual(new Date(2026, 11, 14, 9, 0));
    // Across a month's and a year's end.
    expect(until(new Date(2026, 11, 31, 12, 0), 'tomorrow')).toEqual(new Date(2027, 0, 1, 9, 0));
    expect(until(new Date(2026, 11, 31, 12, 0), 'week')).toEqual(new Date(2027, 0, 4, 9, 0));
  });

  it('says the time alone today, "tomorrow" the next day, the date later and the year another year', () => {
    const now = new Date(2026, 11, 9, 14, 0);
    expect(snoozedUntilLabel(new Date(2026, 11, 9, 17, 30).toISOString(), now)).toBe('5:30 PM');
    expect(snoozedUntilLabel(new Date(2026, 11, 10, 9, 0).toISOString(), now)).toBe('tomorrow, 9:00 AM');
    expect(snoozedUntilLabel(new Date(2026, 11, 24, 9, 0).toISOString(), now)).toBe('Thu, Dec 24, 9:00 AM');
    expect(snoozedUntilLabel(new Date(2027, 1, 1, 9, 0).toISOString(), now)).toBe('Mon, Feb 1, 2027, 9:00 AM');
  });

  it('bounds the picked time from two minutes ahead to 90 days', () => {
    expect(customBounds(new Date(2026, 11, 9, 14, 0, 30))).toEqual({
      min: '2026-12-09T14:02',
      max: '2027-03-09T13:59',
    });
  });
});
