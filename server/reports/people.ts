import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema/index';
import { agentsOf } from '../domain/conversations/notifications';

/**
 * What each person of the team did in the window (the Reports page's "By person" table), computed
 * from the raw rows, since the daily rollups are per bot and channel and a person is neither:
 *
 * - taken: conversations they took over or were given (`taken` activities in the window);
 * - replies: messages they sent customers in the window (notes not included), and in how many
 *   conversations;
 * - first response: for the conversations whose first reply by a person was theirs and was written
 *   in the window, the time from the first handoff (or the start, where no bot answers) to it,
 *   as the team's figure defines it; median and 90th percentile;
 * - resolved: conversations they resolved in the window;
 * - rating: the average of the ratings given in the window to conversations they had.
 *
 * Everyone who answers conversations is listed, those who did nothing too; someone who has left
 * the team and still has figures in the window is listed under their name, marked.
 */
export interface PersonFigures {
  id: number;
  name: string;
  /** No longer on the team (their figures in the window are still theirs). */
  former: boolean;
  taken: number;
  replies: number;
  conversations_replied: number;
  first_response: { median: number | null; p90: number | null; count: number };
  resolved: number;
  csat_average: number | null;
  csat_count: number;
}

export interface PeopleQuery {
  from: Date;
  to: Date;
  bot?: number;
  channel?: number;
  /** An agent sees their own row only. */
  userId?: number;
}

/** The value at a rank of sorted numbers (nearest rank): exact, as few as they are. */
function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

type Row = Record<string, unknown>;

/**
 * Each user's durations (`seconds`; none or not a number left out, a negative one, from clocks
 * apart, counted as 0 as the team's histograms count it), sorted.
 */
function secondsByUser(rows: Row[]): Map<number, number[]> {
  const result = new Map<number, number[]>();
  for (const row of rows) {
    const seconds = row.seconds === null ? null : Number(row.seconds);
    if (seconds === null || !Number.isFinite(seconds)) continue;
    const list = result.get(Number(row.user_id)) ?? [];
    list.push(Math.max(0, seconds));
    result.set(Number(row.user_id), list);
  }
  for (const list of result.values()) list.sort((a, b) => a - b);
  return result;
}

/** Rows by their `user_id`. */
const byUser = (rows: Row[]) => new Map(rows.map((row) => [Number(row.user_id), row]));

export async function peopleFigures(db: Database, teamId: number, query: PeopleQuery): Promise<PersonFigures[]> {
  const { from, to } = query;
  const scoped: SQL[] = [sql`c.team_id = ${teamId}`];
  if (query.bot !== undefined) scoped.push(sql`c.bot_id = ${query.bot}`);
  if (query.channel !== undefined) scoped.push(sql`c.channel_id = ${query.channel}`);
  const inScope = sql.join(scoped, sql` and `);
  const person = (column: SQL) => (query.userId === undefined ? sql`true` : sql`${column} = ${query.userId}`);

  const replies = byUser(
    rowsOf<Row>(
      await db.execute(sql`
      select m.sender_user_id as user_id, count(*)::int as replies, count(distinct m.conversation_id)::int as conversations
        from messages m join conversations c on c.id = m.conversation_id
       where m.team_id = ${teamId} and ${inScope} and m.direction = 'outbound' and m.sender = 'agent'
         and m.kind <> 'note' and m.broadcast_id is null and m.sender_user_id is not null and ${person(sql`m.sender_user_id`)}
         and m.created_at >= ${from} and m.created_at < ${to}
       group by m.sender_user_id`),
    ),
  );
  const activities = byUser(
    rowsOf<Row>(
      await db.execute(sql`
      select a.user_id,
             count(*) filter (where a.type = 'taken')::int as taken,
             count(*) filter (where a.type = 'resolved' and a.reason = 'human')::int as resolved
        from conversation_activities a join conversations c on c.id = a.conversation_id
       where a.team_id = ${teamId} and ${inScope} and a.user_id is not null and ${person(sql`a.user_id`)}
         and a.type in ('taken', 'resolved') and a.at >= ${from} and a.at < ${to}
       group by a.user_id`),
    ),
  );
  const ratings = byUser(
    rowsOf<Row>(
      await db.execute(sql`
      select c.assignee_id as user_id, avg(c.csat_score)::float as average, count(*)::int as count
        from conversations c
       where ${inScope} and c.assignee_id is not null and ${person(sql`c.assignee_id`)}
         and c.csat_score is not null and c.csat_at >= ${from} and c.csat_at < ${to}
       group by c.assignee_id`),
    ),
  );
  // The first reply by a person of each conversation whose first such reply is in the window, and
  // where the wait started: the first handoff of a conversation a bot answers, else its start.
  const firsts = rowsOf<Row>(
    await db.execute(sql`
    select first.sender_user_id as user_id,
           extract(epoch from c.first_human_reply_at - case
             when c.bot_id is null then c.created_at
             else (select min(a.at) from conversation_activities a
                    where a.conversation_id = c.id and a.type = 'handoff')
           end)::float as seconds
      from conversations c
      cross join lateral (
        select m.sender_user_id from messages m
         where m.conversation_id = c.id and m.direction = 'outbound' and m.sender = 'agent' and m.kind <> 'note'
           and m.broadcast_id is null
         order by m.id limit 1
      ) first
     where ${inScope} and first.sender_user_id is not null and ${person(sql`first.sender_user_id`)}
       and c.first_human_reply_at >= ${from} and c.first_human_reply_at < ${to}`),
  );
  const waits = secondsByUser(firsts);
  const members = await answering(db, teamId);
  const withFigures = [...new Set([...replies.keys(), ...activities.keys(), ...ratings.keys(), ...waits.keys()])];
  const formerIds = withFigures.filter((id) => !members.some((member) => member.id === id));
  const former =
    formerIds.length === 0
      ? []
      : await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, formerIds));
  const listed = [
    ...members.map((member) => ({ ...member, former: false })),
    ...former.map((member) => ({ ...member, former: true })),
  ].filter((member) => query.userId === undefined || member.id === query.userId);

  return listed
    .map((member): PersonFigures => {
      const sent = replies.get(member.id);
      const acts = activities.get(member.id);
      const rated = ratings.get(member.id);
      const sorted = waits.get(member.id) ?? [];
      return {
        id: member.id,
        name: member.name,
        former: member.former,
        taken: Number(acts?.taken ?? 0),
        replies: Number(sent?.replies ?? 0),
        conversations_replied: Number(sent?.conversations ?? 0),
        first_response: { median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), count: sorted.length },
        resolved: Number(acts?.resolved ?? 0),
        csat_average: rated ? Math.round(Number(rated.average) * 100) / 100 : null,
        csat_count: Number(rated?.count ?? 0),
      };
    })
    .sort((a, b) => b.replies - a.replies || b.resolved - a.resolved || a.name.localeCompare(b.name));
}

/** The owner and the members whose role answers conversations (the table sorts them). */
async function answering(db: Database, teamId: number): Promise<{ id: number; name: string }[]> {
  const ids = await agentsOf(db, teamId);
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
}
