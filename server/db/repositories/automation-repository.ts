import { and, asc, count, desc, eq, gte, inArray, lt, max, ne, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { automationRules, automationRuns, conversations } from '../schema/index';
import { cachedFrozen, committedOf } from '../../cache/cached-reads';
import type { AutomationTrigger } from '../../domain/automations/rule-types';

export type AutomationRuleRow = typeof automationRules.$inferSelect;
export type AutomationRunRow = typeof automationRuns.$inferSelect;

/** How long a rule's runs are kept (its "acted N times in the last 30 days"). */
export const automationRunRetentionMs = 30 * 24 * 60 * 60_000;

/**
 * The team's enabled rules of a trigger, in their order, through the hot cache (inside the
 * pipeline's inbound transaction too, which writes no rule): every customer message asks, and a
 * team without rules pays nothing more than this lookup.
 */
export function enabledRulesOf(
  db: Database,
  teamId: number,
  trigger: AutomationTrigger,
): Promise<readonly AutomationRuleRow[]> {
  return cachedFrozen(committedOf(db), `automation-rules:${teamId}:${trigger}`, { groups: ['automation_rules'] }, () =>
    db
      .select()
      .from(automationRules)
      .where(
        and(
          eq(automationRules.teamId, teamId),
          eq(automationRules.trigger, trigger),
          eq(automationRules.enabled, true),
        ),
      )
      .orderBy(asc(automationRules.position), asc(automationRules.id)),
  );
}

/** A run that did something: a waiting rule that looked and found nothing to do writes an empty one. */
const acted = ne(automationRuns.summary, '');

/** A team's automation rules and their runs; `teamId` is in every `where`. */
export function automationRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(automationRules.teamId, teamId), eq(automationRules.id, id));
  return {
    all(): Promise<AutomationRuleRow[]> {
      return db
        .select()
        .from(automationRules)
        .where(eq(automationRules.teamId, teamId))
        .orderBy(asc(automationRules.position), asc(automationRules.id));
    },

    async find(id: number): Promise<AutomationRuleRow | undefined> {
      const [row] = await db.select().from(automationRules).where(mine(id));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(automationRules).where(eq(automationRules.teamId, teamId));
      return row?.n ?? 0;
    },

    /** A new rule, after the team's others. */
    async create(
      values: Pick<AutomationRuleRow, 'name' | 'trigger' | 'conditions' | 'actions' | 'enabled' | 'createdBy'>,
    ): Promise<AutomationRuleRow> {
      const [row] = await db
        .insert(automationRules)
        .values({
          ...values,
          teamId,
          position: sql`(select coalesce(max(${automationRules.position}), 0) + 1 from ${automationRules} where ${automationRules.teamId} = ${teamId})`,
        })
        .returning();
      return row!;
    },

    async update(
      id: number,
      values: Partial<Pick<AutomationRuleRow, 'name' | 'trigger' | 'conditions' | 'actions' | 'enabled' | 'position'>>,
    ): Promise<AutomationRuleRow | undefined> {
      const [row] = await db
        .update(automationRules)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    async remove(id: number): Promise<boolean> {
      const removed = await db.delete(automationRules).where(mine(id)).returning({ id: automationRules.id });
      return removed.length > 0;
    },

    /** What rules did to a conversation: one row each, inserted with the change. */
    async recordRuns(
      runs: ReadonlyArray<Pick<AutomationRunRow, 'ruleId' | 'ruleName' | 'conversationId' | 'summary'>>,
    ): Promise<void> {
      if (runs.length === 0) return;
      await db.insert(automationRuns).values(runs.map((run) => ({ ...run, teamId })));
    },

    /** Each rule's runs since `since` that did something (not a waiting rule's silent look), and its last. */
    async runCounts(since: Date): Promise<Map<number, { runs: number; last: Date | null }>> {
      const rows = await db
        .select({ ruleId: automationRuns.ruleId, n: count(), last: max(automationRuns.createdAt) })
        .from(automationRuns)
        .where(and(eq(automationRuns.teamId, teamId), gte(automationRuns.createdAt, since), acted))
        .groupBy(automationRuns.ruleId);
      return new Map(
        rows
          .filter((row) => row.ruleId !== null)
          .map((row) => [row.ruleId!, { runs: row.n, last: row.last ? new Date(row.last) : null }]),
      );
    },

    /** The latest runs, newest first, with their conversation's number (when it still exists). */
    recentRuns(limit: number) {
      return db
        .select({
          id: automationRuns.id,
          ruleId: automationRuns.ruleId,
          ruleName: automationRuns.ruleName,
          conversationId: automationRuns.conversationId,
          conversationNumber: conversations.number,
          summary: automationRuns.summary,
          createdAt: automationRuns.createdAt,
        })
        .from(automationRuns)
        .leftJoin(
          conversations,
          and(eq(conversations.id, automationRuns.conversationId), eq(conversations.teamId, teamId)),
        )
        .where(and(eq(automationRuns.teamId, teamId), acted))
        .orderBy(desc(automationRuns.id))
        .limit(limit);
    },
  };
}

/** Runs older than the retention, deleted in batches by the workers' sweep. */
export async function pruneAutomationRuns(db: Database, now = new Date(), batch = 5_000): Promise<number> {
  const before = new Date(now.getTime() - automationRunRetentionMs);
  const old = db
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(lt(automationRuns.createdAt, before))
    .limit(batch);
  const removed = await db
    .delete(automationRuns)
    .where(inArray(automationRuns.id, old))
    .returning({ id: automationRuns.id });
  return removed.length;
}
