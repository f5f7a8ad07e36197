/**
 * History retention, a plan limit: conversations whose last message is older than the team's plan
 * keeps are deleted (their messages, attachments and activities with them), a batch at a time. The
 * report rollups of those days stay as they were (deleting marks no day for recomputation); a full
 * rebuild (a time-zone change) counts only what is kept.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Config } from '../config/env';
import { planCodes, plans } from './plans';
import { rowsOf } from '../db/rows';

/** Conversations deleted per statement: short locks, the rest in the next run. */
export const retentionBatch = 500;

export async function purgeExpiredHistory(
  db: Database,
  config: Pick<Config, 'billing'>,
  now: Date = new Date(),
): Promise<number> {
  const days = sql.join(
    planCodes.map((code) => sql`when ${code} then ${plans[code].limits.historyDays}::int`),
    sql` `,
  );
  let deleted = 0;
  for (;;) {
    const result = await db.execute<{ id: number }>(sql`
      delete from conversations where id in (
        select c.id from conversations c join teams t on t.id = c.team_id
        where coalesce(c.last_message_at, c.created_at)
          < ${now.toISOString()}::timestamptz
            - make_interval(days => (case coalesce(t.plan, ${config.billing.defaultPlan}) ${days} end))
        limit ${retentionBatch}
      )
      returning id`);
    const count = rowsOf(result).length;
    deleted += count;
    if (count < retentionBatch) return deleted;
  }
}
