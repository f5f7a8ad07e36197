import type { Database } from '../../db/client';
import { botRepository } from '../../db/repositories/bot-repository';
import { storedRepliesByBot, teamTimeZone } from '../../reports/rollup';
import { reportWindow } from '../../reports/window';
import { zonedDayStart } from '../../reports/zones';

/**
 * The replies each of a team's bots sent since the first of the month in the team's time zone (the
 * month Reports and the dashboard count): to customers on its channels, from the report rollups,
 * and to API callers, from its turns. Test chats and replays are the team's own questions, not
 * replies. Bots without one are absent (0).
 */
export async function botRepliesThisMonth(
  db: Database,
  teamId: number,
  now = new Date(),
): Promise<Map<number, number>> {
  const timeZone = (await teamTimeZone(db, teamId)) ?? 'UTC';
  const month = reportWindow('month', timeZone, now);
  const [channelReplies, apiReplies] = await Promise.all([
    storedRepliesByBot(db, teamId, { from: month.from, to: month.today }),
    botRepository(db, teamId).turnCountsSince(zonedDayStart(month.from, timeZone), 'api'),
  ]);
  const replies = new Map(channelReplies);
  for (const [botId, n] of apiReplies) replies.set(botId, (replies.get(botId) ?? 0) + n);
  return replies;
}
