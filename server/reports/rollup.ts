import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { channels, conversations, messages } from '../db/schema/channels';
import { conversationActivities, reportDaily, reportDirtyDays } from '../db/schema/reports';
import { teams } from '../db/schema/teams';
import { teamChannel } from '../domain/notifications/channels';
import { computeFigures, dayAndHour, parseKey, type ConversationFact, type MessageFact } from './compute';
import type { DailyFigures } from './figures';
import { rowsOf } from '../db/rows';
import { personReply } from '../db/repositories/conversation-repository';

/**
 * Kawan's report rollups (`report_daily`): one row per (team, day, bot, channel), rebuilt for a
 * whole (team, day) from raw rows whenever something in that day changed. Triggers mark the day in
 * the same transaction as the change (migration 0006); the workers catch up every few seconds
 * (`processDirtyDays`), so the Reports page reads a few hundred rows for a year instead of
 * scanning its messages. docs/decisions/016-reports.md.
 */

/** The job that recomputes a team's reports from raw rows (its time zone changed). */
export const reportsRebuildJob = 'reports.rebuild';

/** The event the Reports page and the Dashboard hear when today's figures changed. */
export const reportsUpdatedEvent = 'App\\Events\\ReportsUpdated';

/** The instant a day starts in a time zone, as SQL (the same rule as the triggers' report_day()). */
const dayStart = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
const dayEnd = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

export async function teamTimeZone(db: Database, teamId: number): Promise<string | undefined> {
  const [row] = await db.select({ timezone: teams.timezone }).from(teams).where(eq(teams.id, teamId));
  return row?.timezone;
}

/** The message (of `messages`, not aliased) is a person's reply to the customer. */
const isPersonReply = sql`${personReply('messages')} and ${messages.kind} not in ('note', 'event')`;

/** A person replied to the customer before this message, at or after `since`. */
const personRepliedBefore = (since: SQL) => sql`exists (select 1 from messages p
  where p.conversation_id = ${messages.conversationId} and p.id < ${messages.id} and ${personReply('p')}
    and p.kind not in ('note', 'event') and p.created_at >= ${since})`;

/** The latest handoff before the message not undone by a hand-back or a reopen since (`h.at`, null: none). */
const handoffBefore = sql`(select max(a.at) as at from conversation_activities a
  where a.conversation_id = ${messages.conversationId} and a.type = 'handoff' and a.at <= ${messages.createdAt}
    and not exists (select 1 from conversation_activities b
      where b.conversation_id = a.conversation_id and b.id > a.id
        and b.type in ('handed_back', 'reopened') and b.at <= ${messages.createdAt})) h`;

/** Since when the customer had waited just before the message (with `handoffBefore` as `h`). */
const waitStart = sql`case
  when h.at is not null and not ${personRepliedBefore(sql`h.at`)} then h.at
  else (select min(m.created_at) from messages m
    where m.conversation_id = ${messages.conversationId} and m.direction = 'inbound' and m.id < ${messages.id}
      and m.id > coalesce((select max(s.id) from messages s
        where s.conversation_id = ${messages.conversationId} and s.id < ${messages.id} and s.direction = 'outbound'
          and (${personReply('s')} or (s.sender = 'bot' and s.ai is not null))
          and s.kind not in ('note', 'event')), 0))
end`;

/**
 * How long the customer had waited when a person's reply was written, in seconds (SQL over
 * `messages`; null for any other message, and for a reply that answered no wait). The wait is the
 * inbox's (`customerWaitingSince`) as it stood just before the reply: since the latest handoff (not
 * undone by a hand-back or a reopen) while no person had written to the customer since it; else
 * since the customer's first message after the reply before, a person's or the bot's answer.
 * Negative (clocks apart) as it is: the histograms and the people's figures count it as 0.
 */
export const replyWaitedSeconds = sql<number | null>`case when ${isPersonReply}
then extract(epoch from ${messages.createdAt} - (select ${waitStart} from ${handoffBefore}))
end`.mapWith(Number);

/**
 * Which reply a person's reply that ended a wait was (SQL over `messages`): 'first', no person had
 * written to the customer since the handoff (or at all, without one); else 'next'. Null for any
 * other message. The team's reply targets differ for the two (`customerWaitingFor` in the inbox).
 */
export const replyWaitedFor = sql<'first' | 'next' | null>`case when ${isPersonReply}
then (select case
  when (${waitStart}) is null then null
  when ${personRepliedBefore(sql`coalesce(h.at, '-infinity')`)} then 'next'
  else 'first'
end from ${handoffBefore})
end`;

/** A team's reply targets, in minutes (null: none). */
export async function teamReplyTargets(
  db: Database,
  teamId: number,
): Promise<{ first: number | null; next: number | null }> {
  const [row] = await db
    .select({ first: teams.firstReplyTargetMinutes, next: teams.nextReplyTargetMinutes })
    .from(teams)
    .where(eq(teams.id, teamId));
  return { first: row?.first ?? null, next: row?.next ?? null };
}

/**
 * The raw rows of reports for a team, optionally restricted to one day (team time) or to the
 * conversations an agent has had: conversations started in it with their activities, and messages
 * written in it.
 */
export async function loadFacts(
  db: Database,
  teamId: number,
  options: { day?: string; timeZone: string; assigneeId?: number; from?: Date; to?: Date },
): Promise<{ conversations: ConversationFact[]; messages: MessageFact[] }> {
  const { day, timeZone } = options;
  const conversationTime = [
    day ? sql`${conversations.createdAt} >= ${dayStart(day, timeZone)}` : undefined,
    day ? sql`${conversations.createdAt} < ${dayEnd(day, timeZone)}` : undefined,
    options.from ? gte(conversations.createdAt, options.from) : undefined,
    options.to ? lt(conversations.createdAt, options.to) : undefined,
  ];
  const mine = options.assigneeId === undefined ? undefined : eq(conversations.assigneeId, options.assigneeId);
  const conversationRows = await db
    .select({
      id: conversations.id,
      botId: conversations.botId,
      channelId: conversations.channelId,
      channelType: channels.type,
      createdAt: conversations.createdAt,
      firstOfContact: sql<boolean>`not exists (select 1 from conversations earlier where earlier.contact_id = ${conversations.contactId} and earlier.id < ${conversations.id})`,
      firstBotReplyAt: conversations.firstBotReplyAt,
      firstHumanReplyAt: conversations.firstHumanReplyAt,
      csatScore: conversations.csatScore,
    })
    .from(conversations)
    .innerJoin(channels, eq(channels.id, conversations.channelId))
    .where(and(eq(conversations.teamId, teamId), mine, ...conversationTime))
    .orderBy(asc(conversations.id));

  const activities = new Map<number, ConversationFact['activities']>();
  const ids = conversationRows.map((row) => row.id);
  for (let start = 0; start < ids.length; start += 5000) {
    const rows = await db
      .select({
        conversationId: conversationActivities.conversationId,
        type: conversationActivities.type,
        reason: conversationActivities.reason,
        at: conversationActivities.at,
      })
      .from(conversationActivities)
      .where(inArray(conversationActivities.conversationId, ids.slice(start, start + 5000)))
      .orderBy(asc(conversationActivities.conversationId), asc(conversationActivities.id));
    for (const row of rows) {
      const list = activities.get(row.conversationId) ?? [];
      list.push({ type: row.type, reason: row.reason, at: row.at });
      activities.set(row.conversationId, list);
    }
  }

  const messageTime = [
    day ? sql`${messages.createdAt} >= ${dayStart(day, timeZone)}` : undefined,
    day ? sql`${messages.createdAt} < ${dayEnd(day, timeZone)}` : undefined,
    options.from ? gte(messages.createdAt, options.from) : undefined,
    options.to ? lt(messages.createdAt, options.to) : undefined,
  ];
  const messageRows = await db
    .select({
      botId: conversations.botId,
      channelId: messages.channelId,
      channelType: channels.type,
      createdAt: messages.createdAt,
      direction: messages.direction,
      sender: messages.sender,
      kind: messages.kind,
      status: messages.status,
      feedback: messages.feedback,
      broadcastId: messages.broadcastId,
      waitedSeconds: replyWaitedSeconds,
      waitedFor: replyWaitedFor,
      ai: messages.ai,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(and(eq(messages.teamId, teamId), mine, ...messageTime));
  // Each reply that ended a wait against the team's target for it, as the targets are now.
  const targets = await teamReplyTargets(db, teamId);
  const withTargets = messageRows.map(({ waitedFor, ...row }) => {
    const target = waitedFor ? targets[waitedFor] : null;
    const onTarget = target === null || row.waitedSeconds === null ? null : row.waitedSeconds <= target * 60;
    return { ...row, onTarget };
  });

  return {
    conversations: conversationRows.map((row) => ({ ...row, activities: activities.get(row.id) ?? [] })),
    messages: withTargets,
  };
}

/** The first key of the advisory lock that serialises the rollups of one (team, day) ("rday" in ASCII). */
const rollupLockSpace = 0x72646179;

/**
 * Recomputes one (team, day): its rows replaced in one transaction, under a lock of that day, and
 * from facts read under it. The workers' sweep and a rebuild (a time zone change, the seed) may
 * roll up the same day at once: without the lock both deleted nothing and the second insert broke
 * the unique key, and facts read before it could replace newer figures with older ones.
 */
export async function rollupDay(db: Database, teamId: number, day: string, timeZone: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${rollupLockSpace}::int, hashtext(${`${teamId}:${day}`}))`);
    const facts = await loadFacts(tx, teamId, { day, timeZone });
    const figures = computeFigures(facts.conversations, facts.messages, timeZone);
    const rows = [...figures]
      .map(([key, value]) => ({ ...parseKey(key), figures: value }))
      // A message written today in a conversation that started yesterday counts today; anything
      // keyed outside the day would be another day's (it cannot happen, but never write it).
      .filter((row) => row.day === day)
      .map((row) => ({
        teamId,
        day,
        botId: row.botId,
        channelId: row.channelId,
        figures: row.figures as unknown as Record<string, unknown>,
      }));
    await tx.delete(reportDaily).where(and(eq(reportDaily.teamId, teamId), eq(reportDaily.day, day)));
    if (rows.length > 0) await tx.insert(reportDaily).values(rows);
    return rows.length;
  });
}

/**
 * Catches up with the marked days, oldest marks first, at most `limit` (team, day)s a call.
 * Each day's marks up to the highest one read are removed after its rows are written; a mark
 * that arrives meanwhile stays for the next call. Returns the days recomputed.
 */
export async function processDirtyDays(
  services: Pick<Services, 'db' | 'broadcaster'>,
  options: { limit?: number; now?: Date } = {},
): Promise<number> {
  const { db } = services;
  const marked = await db
    .select({
      teamId: reportDirtyDays.teamId,
      day: reportDirtyDays.day,
      upTo: sql<number>`max(${reportDirtyDays.id})`.mapWith(Number),
    })
    .from(reportDirtyDays)
    .groupBy(reportDirtyDays.teamId, reportDirtyDays.day)
    .orderBy(sql`min(${reportDirtyDays.id})`)
    .limit(options.limit ?? 50);
  const zones = new Map<number, string | undefined>();
  const today = new Set<number>();
  for (const { teamId, day, upTo } of marked) {
    if (!zones.has(teamId)) zones.set(teamId, await teamTimeZone(db, teamId));
    const timeZone = zones.get(teamId);
    if (timeZone) await rollupDay(db, teamId, day, timeZone);
    await db
      .delete(reportDirtyDays)
      .where(and(eq(reportDirtyDays.teamId, teamId), eq(reportDirtyDays.day, day), lte(reportDirtyDays.id, upTo)));
    if (timeZone && dayAndHour(options.now ?? new Date(), timeZone).day === day) today.add(teamId);
  }
  for (const teamId of today) {
    await services.broadcaster.broadcast({
      channels: [teamChannel(teamId)],
      event: reportsUpdatedEvent,
      data: { team_id: teamId },
    });
  }
  return marked.length;
}

/**
 * Recomputes every day of a team from raw rows (`npm run reports:rebuild`, and after the team's
 * time zone changes): the old rows go, each day with a conversation or a message is written again.
 */
export async function rebuildTeam(db: Database, teamId: number): Promise<number> {
  const timeZone = await teamTimeZone(db, teamId);
  if (!timeZone) return 0;
  const days = await db.execute(sql`
    select distinct (created_at at time zone ${timeZone})::date::text as day from conversations where team_id = ${teamId}
    union
    select distinct (created_at at time zone ${timeZone})::date::text as day from messages where team_id = ${teamId}
    order by day`);
  const list = rowsOf<{ day: string }>(days).map((row) => row.day);
  await db.delete(reportDaily).where(eq(reportDaily.teamId, teamId));
  for (const day of list) await rollupDay(db, teamId, day, timeZone);
  await db.delete(reportDirtyDays).where(eq(reportDirtyDays.teamId, teamId));
  return list.length;
}

/**
 * The replies each bot sent from `from` to `to` (days, team time), summed from the stored rollups:
 * one small row per bot instead of a month of figures.
 */
export async function storedRepliesByBot(
  db: Database,
  teamId: number,
  range: { from: string; to: string },
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      botId: reportDaily.botId,
      replies: sql<number>`coalesce(sum((${reportDaily.figures}->>'aiReplies')::int), 0)::int`,
    })
    .from(reportDaily)
    .where(and(eq(reportDaily.teamId, teamId), gte(reportDaily.day, range.from), lte(reportDaily.day, range.to)))
    .groupBy(reportDaily.botId);
  return new Map(rows.filter((row) => row.botId !== 0).map((row) => [row.botId, row.replies]));
}

/** The stored rows of a team between two days (inclusive), for the Reports page. */
export async function storedFigures(
  db: Database,
  teamId: number,
  range: { from: string; to: string; botId?: number; channelId?: number },
): Promise<{ day: string; botId: number; channelId: number; figures: DailyFigures }[]> {
  const rows = await db
    .select({
      day: reportDaily.day,
      botId: reportDaily.botId,
      channelId: reportDaily.channelId,
      figures: reportDaily.figures,
    })
    .from(reportDaily)
    .where(
      and(
        eq(reportDaily.teamId, teamId),
        gte(reportDaily.day, range.from),
        lte(reportDaily.day, range.to),
        range.botId === undefined ? undefined : eq(reportDaily.botId, range.botId),
        range.channelId === undefined ? undefined : eq(reportDaily.channelId, range.channelId),
      ),
    );
  return rows.map((row) => ({ ...row, figures: row.figures as unknown as DailyFigures }));
}
