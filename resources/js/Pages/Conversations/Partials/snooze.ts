import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** How far ahead a conversation may be snoozed (server/domain/conversations/snooze.ts). */
export const snoozeMaxDays = 90;

/** The hour people come back to a snoozed conversation "tomorrow" or "next week". */
const morningHour = 9;

export interface SnoozeChoice {
  key: 'hour' | 'hours' | 'tomorrow' | 'week';
  label: string;
  /** When, as the agent reads it ("14:30", "Tue 09:00"). */
  when: string;
  until: Date;
}

/**
 * The snooze menu's choices from `now`, in the browser's zone: in an hour, in three hours,
 * tomorrow morning (09:00) and next week (Monday 09:00).
 */
export function snoozeChoices(now: Date): SnoozeChoice[] {
  const at = dayjs(now);
  const tomorrow = at.add(1, 'day').hour(morningHour).minute(0).second(0).millisecond(0);
  // The next Monday after today (a week today when today is Monday).
  const monday = at
    .add((8 - at.day()) % 7 || 7, 'day')
    .hour(morningHour)
    .minute(0)
    .second(0)
    .millisecond(0);
  const inHours = (hours: number) => at.add(hours, 'hour').second(0).millisecond(0);
  return [
    { key: 'hour', label: 'In 1 hour', when: inHours(1).format('LT'), until: inHours(1).toDate() },
    { key: 'hours', label: 'In 3 hours', when: inHours(3).format('LT'), until: inHours(3).toDate() },
    { key: 'tomorrow', label: 'Tomorrow morning', when: tomorrow.format('ddd LT'), until: tomorrow.toDate() },
    { key: 'week', label: 'Next week', when: monday.format('ddd, MMM D, LT'), until: monday.toDate() },
  ];
}

/** "14:30" today, "tomorrow, 09:00", else "Mon, Dec 8, 09:00": when a snoozed conversation comes back. */
export function snoozedUntilLabel(iso: string, now: number | Date): string {
  const until = dayjs(iso);
  const today = dayjs(now);
  if (until.isSame(today, 'day')) return until.format('LT');
  if (until.isSame(today.add(1, 'day'), 'day')) return `tomorrow, ${until.format('LT')}`;
  return until.format(until.isSame(today, 'year') ? 'ddd, MMM D, LT' : 'ddd, MMM D, YYYY, LT');
}

/** A `datetime-local` input's value for a moment, in the browser's zone. */
export const localInputValue = (date: Date) => dayjs(date).format('YYYY-MM-DDTHH:mm');

/** The bounds of the custom time: a minute from now up to `snoozeMaxDays` ahead. */
export function customBounds(now: Date): { min: string; max: string } {
  return {
    min: localInputValue(dayjs(now).add(2, 'minute').toDate()),
    max: localInputValue(dayjs(now).add(snoozeMaxDays, 'day').subtract(1, 'minute').toDate()),
  };
}
