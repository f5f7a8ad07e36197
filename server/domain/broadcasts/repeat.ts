import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Services } from '../../services';
import { broadcastRepository, type BroadcastRow } from '../../db/repositories/broadcast-repository';
import { broadcasts, type BroadcastAudience } from '../../db/schema/index';
import { teamTimeZone } from '../../reports/rollup';
import { shiftDay, zonedDayAndTime, zonedTime } from '../../reports/zones';
import { anniversaryDays } from '../contacts/fields';
import { broadcastChanged, broadcastJob } from './broadcasts';

/**
 * Repeating broadcasts ("Happy birthday", every morning at 08:00 to the contacts whose birthday is
 * today): each day at its time, a repeating broadcast makes that day's broadcast, a copy of itself
 * (template, values, header, audience) sent as any other, and moves on to the next day. A day
 * whose audience is nobody makes none. Several workers may run this: the move to the next day is a
 * compare-and-set in the transaction that makes the day's broadcast (unique per repeating broadcast
 * and time besides).
 */

/** The day's broadcast's name: the repeating one's and the day ("Ulang tahun · 7 Dec 2026"). */
export function dayName(name: string, at: Date, timezone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: timezone })
    .format(at)
    .replace(/,/g, '');
  return `${name.slice(0, 120 - day.length - 3)} · ${day}`;
}

/** Makes the day's broadcast of each repeating broadcast whose time came. Returns how many were made. */
export async function runRepeatingBroadcasts(
  services: Pick<Services, 'db' | 'jobs' | 'broadcaster'>,
  now = new Date(),
): Promise<number> {
  const due = await services.db
    .select()
    .from(broadcasts)
    .where(and(isNotNull(broadcasts.repeat), eq(broadcasts.status, 'scheduled'), lte(broadcasts.scheduledAt, now)))
    .orderBy(asc(broadcasts.id))
    .limit(100);
  let made = 0;
  for (const parent of due) if (await runDay(services, parent, now)) made += 1;
  return made;
}

/** One repeating broadcast's day: the latest of its times that came (days a stopped process missed are not made up). */
async function runDay(
  services: Pick<Services, 'db' | 'jobs' | 'broadcaster'>,
  parent: BroadcastRow,
  now: Date,
): Promise<boolean> {
  const timezone = (await teamTimeZone(services.db, parent.teamId)) ?? 'Asia/Jakarta';
  const { runAt, next } = repeatTimes(parent.scheduledAt, now, timezone);
  const day = await services.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(broadcasts)
      .set({ scheduledAt: next, updatedAt: now })
      .where(
        and(
          eq(broadcasts.id, parent.id),
          eq(broadcasts.status, 'scheduled'),
          eq(broadcasts.scheduledAt, parent.scheduledAt),
        ),
      )
      .returning({ id: broadcasts.id });
    // Another worker ran this day, or it was stopped meanwhile.
    if (!moved) return undefined;
    // The day's contacts are those of the day it is made for, whenever its job runs.
    const audience = dayAudience(parent.audience, runAt, timezone);
    if ((await broadcastRepository(tx, parent.teamId).audienceSize(audience)) === 0) return undefined;
    const row = await broadcastRepository(tx, parent.teamId).create({
      channelId: parent.channelId,
      createdBy: parent.createdBy,
      name: dayName(parent.name, runAt, timezone),
      templateName: parent.templateName,
      templateLanguage: parent.templateLanguage,
      parameters: parent.parameters,
      header: parent.header,
      audience,
      parentId: parent.id,
      status: 'scheduled',
      scheduledAt: runAt,
    });
    await services.jobs.send(broadcastJob, { teamId: parent.teamId, broadcastId: row.id });
    return row;
  });
  await broadcastChanged(services, parent);
  if (day) await broadcastChanged(services, day);
  return day !== undefined;
}

/**
 * A repeating broadcast's latest time that came by `now` (days missed are not made up) and the one
 * after it: its wall-clock time each day in the team's time zone, so that 08:00 stays 08:00 when
 * daylight saving time begins or ends.
 */
export function repeatTimes(scheduledAt: Date, now: Date, timezone: string): { runAt: Date; next: Date } {
  const { ms } = zonedDayAndTime(scheduledAt, timezone);
  let { day } = zonedDayAndTime(now, timezone);
  if (zonedTime(day, ms, timezone) > now) day = shiftDay(day, -1);
  const at = zonedTime(day, ms, timezone);
  // Never before its own time (it is due: the latest time that came is that one or later).
  return { runAt: at < scheduledAt ? scheduledAt : at, next: zonedTime(shiftDay(day, 1), ms, timezone) };
}

/** A repeating broadcast's audience ("today") fixed to the day of `at` in the team's time zone ("on 7 December"). */
export function dayAudience(audience: BroadcastAudience, at: Date, timezone: string): BroadcastAudience {
  if (audience.kind !== 'field' || !('day' in audience)) return audience;
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: timezone }).format(at);
  return {
    kind: 'field',
    key: audience.key,
    days: anniversaryDays(timezone, at),
    label: audience.label,
    valueText: `on ${day}`,
  };
}
