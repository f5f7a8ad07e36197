import type { Weekday } from './bot-config';

/**
 * The weekdays' names: in full in English (the bot form's business hours, "We are back on Monday"),
 * short in English and in Indonesian for a week's hours ("Mon–Fri", "Senin–Jumat"). Imported by the
 * client too, so it holds nothing but the names.
 */
export const weekdayNames: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const shortWeekdayNames: Record<'indonesian' | 'english', Record<Weekday, string>> = {
  indonesian: { mon: 'Senin', tue: 'Selasa', wed: 'Rabu', thu: 'Kamis', fri: 'Jumat', sat: 'Sabtu', sun: 'Minggu' },
  english: { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' },
};
