/**
 * A bot's business hours told to a customer who asks for a person while nobody is there: the week
 * as people write it ("Senin–Jumat 08.00–17.00 WIB") and when the team is back ("besok pukul
 * 08.00"), in the reply's language. Pure: the time zone's arithmetic is Intl's.
 */
import type { Language } from '../knowledge/language';
import { weekdays, type BotConfig, type BusinessHours, type Weekday } from './bot-config';
import { shortWeekdayNames as dayNames, weekdayNames } from './day-names';
import { localTime } from './handoff';

/** Indonesian writes times with a dot (08.00), English with a colon. */
const clock = (time: string, language: Language) => (language === 'indonesian' ? time.replace(':', '.') : time);

/**
 * The zone as customers know it: WIB, WITA and WIT for Indonesia's three (in both languages: that
 * is how they are written in English too), else the offset at `at` ("GMT+8").
 */
export function zoneName(timezone: string, at: Date): string {
  const short = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: timezone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timezone;
  const indonesian = short('id-ID');
  return ['WIB', 'WITA', 'WIT'].includes(indonesian) ? indonesian : short('en-GB');
}

/** The intervals of a day as one string ("08.00–12.00, 13.00–17.00"), or '' when closed. */
function dayHours(hours: BusinessHours, day: Weekday, language: Language): string {
  return (hours.days[day] ?? []).map(([start, end]) => `${clock(start, language)}–${clock(end, language)}`).join(', ');
}

/**
 * The open days, neighbours with the same hours as one range: "Senin–Jumat 08.00–17.00, Sabtu
 * 08.00–12.00 WIB" (the zone as named at `at`). Empty when the week has no opening at all.
 */
export function weekHours(hours: BusinessHours, language: Language, at: Date): string {
  const groups: Array<{ first: Weekday; last: Weekday; times: string }> = [];
  for (const day of weekdays) {
    const times = dayHours(hours, day, language);
    const previous = groups.at(-1);
    if (times === '') continue;
    if (previous && previous.times === times && weekdays.indexOf(previous.last) === weekdays.indexOf(day) - 1) {
      previous.last = day;
    } else groups.push({ first: day, last: day, times });
  }
  if (groups.length === 0) return '';
  const names = dayNames[language];
  const days = groups.map(({ first, last, times }) => {
    const span = first === last ? names[first] : `${names[first]}–${names[last]}`;
    return `${span} ${times}`;
  });
  return `${days.join(', ')} ${zoneName(hours.timezone, at)}`;
}

/**
 * When people are next there after `now` (outside business hours): the start of the next interval,
 * today or in the coming seven days, with how many days ahead it is. Undefined when the week has no
 * opening.
 */
export function nextOpening(
  hours: BusinessHours,
  now: Date,
): { day: Weekday; time: string; daysAhead: number } | undefined {
  const { day: today, time } = localTime(now, hours.timezone);
  const start = weekdays.indexOf(today);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = weekdays[(start + ahead) % 7];
    const opening = (hours.days[day] ?? [])
      .map(([from]) => from)
      .filter((from) => ahead > 0 || from > time)
      .sort()[0];
    if (opening !== undefined) return { day, time: opening, daysAhead: ahead };
  }
  return undefined;
}

/** "Kami kembali besok pukul 08.00." / "We are back tomorrow at 08:00.", or '' when never. */
function backAt(hours: BusinessHours, now: Date, language: Language): string {
  const next = nextOpening(hours, now);
  if (!next) return '';
  const at = clock(next.time, language);
  if (language === 'indonesian') {
    const when =
      next.daysAhead === 0 ? 'hari ini' : next.daysAhead === 1 ? 'besok' : `hari ${dayNames.indonesian[next.day]}`;
    return `Kami kembali ${when} pukul ${at}.`;
  }
  const when = next.daysAhead === 0 ? 'today' : next.daysAhead === 1 ? 'tomorrow' : `on ${weekdayNames[next.day]}`;
  return `We are back ${when} at ${at}.`;
}

/**
 * What follows the offline message: the business hours and when people are back, in the reply's
 * language, or in both (Indonesian first) when it could not be told. Empty for a week without
 * hours.
 */
export function offlineNotice(hours: BusinessHours, now: Date, language: Language | null): string {
  const say = (lang: Language) => {
    const week = weekHours(hours, lang, now);
    if (week === '') return '';
    const label = lang === 'indonesian' ? 'Jam kerja kami' : 'Our hours';
    return `${label}: ${week}. ${backAt(hours, now, lang)}`.trim();
  };
  if (language) return say(language);
  return [say('indonesian'), say('english')].filter(Boolean).join(' / ');
}

/** A time of day as people write it ("08.00", "9:30"): an offline message with one tells its own hours. */
const TIME_OF_DAY = /(?<![\d.:])(?:[01]?\d|2[0-4])[.:][0-5]\d(?![\d.:])/;

/**
 * What the customer is told when they ask for a person while nobody is there: the team's offline
 * message, then the hours and when people are back (`offlineNotice`), unless the message already
 * names a time of day (the team wrote its hours there itself, and they would be said twice).
 */
export function offlineReply(
  handoff: Pick<BotConfig['handoff'], 'offlineMessage'> & { businessHours: BusinessHours },
  now: Date,
  language: Language | null,
): string {
  const message = handoff.offlineMessage.trim();
  if (TIME_OF_DAY.test(message)) return message;
  return [message, offlineNotice(handoff.businessHours, now, language)].filter(Boolean).join('\n\n');
}
