import { and, count, desc, eq, gte, ilike, max, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { bots, botTestQuestions, botTurns, botVersions, type BotStatus, type TurnSource } from '../schema/index';
import { escapeLike } from '../like';

export type BotRow = typeof bots.$inferSelect;
export type BotVersionRow = typeof botVersions.$inferSelect;
export type BotTurnRow = typeof botTurns.$inferSelect;

export interface NewTurn {
  botId: number;
  version: number | null;
  source: TurnSource;
  userId: number | null;
  threadKey: string | null;
  question: string;
  reply: string;
  kind: string;
  citations: unknown[];
  trace: Record<string, unknown>;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
}

/**
 * Bots of one team with their versions, test questions and answered turns: `teamId` is in every
 * `where`, so another team's bot is simply not found.
 */
export function botRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(bots.teamId, teamId), eq(bots.id, id));

  return {
    /** A page of the team's bots, the most recently changed first. */
    async page(options: { search?: string; status?: BotStatus; page: number; perPage: number; id?: number }) {
      const where = and(
        eq(bots.teamId, teamId),
        options.id === undefined ? undefined : eq(bots.id, options.id),
        options.status ? eq(bots.status, options.status) : undefined,
        options.search
          ? or(
              ilike(bots.name, `%${escapeLike(options.search)}%`),
              ilike(bots.description, `%${escapeLike(options.search)}%`),
            )
          : undefined,
      );
      const [{ total }] = await db.select({ total: count() }).from(bots).where(where);
      const items = await db
        .select()
        .from(bots)
        .where(where)
        .orderBy(desc(bots.updatedAt), desc(bots.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return { items, total };
    },

    /** Each bot's turns of one source since an instant (bots without one are absent). */
    async turnCountsSince(since: Date, source: TurnSource): Promise<Map<number, number>> {
      const rows = await db
        .select({ botId: botTurns.botId, n: count() })
        .from(botTurns)
        .where(and(eq(botTurns.teamId, teamId), eq(botTurns.source, source), gte(botTurns.createdAt, since)))
        .groupBy(botTurns.botId);
      return new Map(rows.map((row) => [row.botId, row.n]));
    },

    async find(id: number): Promise<BotRow | undefined> {
      const [row] = await db.select().from(bots).where(mine(id));
      return row;
    },

    /** The bot's row, locked until the transaction ends. */
    async lock(id: number): Promise<BotRow | undefined> {
      const [row] = await db.select().from(bots).where(mine(id)).for('update');
      return row;
    },

    async findByPublicId(publicId: string): Promise<BotRow | undefined> {
      const [row] = await db
        .select()
        .from(bots)
        .where(and(eq(bots.teamId, teamId), eq(bots.publicId, publicId)));
      return row;
    },

    /** The team's bots that have a published version (the OpenAI-compatible API's models). */
    async published(): Promise<BotRow[]> {
      return db
        .select()
        .from(bots)
        .where(and(eq(bots.teamId, teamId), sql`${bots.publishedVersion} is not null`))
        .orderBy(bots.name);
    },

    async create(values: Pick<BotRow, 'publicId' | 'name' | 'description' | 'avatarColor' | 'draft' | 'createdBy'>) {
      const [row] = await db
        .insert(bots)
        .values({ ...values, teamId, draftChangedAt: new Date() })
        .returning();
      return row;
    },

    /** The bot answered someone now (Bots/Index's "last active"). */
    async touch(id: number): Promise<void> {
      await db.update(bots).set({ lastActiveAt: new Date() }).where(mine(id));
    },

    async update(
      id: number,
      values: Partial<Pick<BotRow, 'name' | 'description' | 'avatarColor' | 'status' | 'draft' | 'monthlyCreditCap'>>,
      /** `draftChanged`: the draft now differs from the published version; `published`: it equals it again. */
      options: { draftChanged: boolean; published?: boolean },
    ): Promise<BotRow | undefined> {
      const draftChangedAt = options.published
        ? { draftChangedAt: null }
        : options.draftChanged
          ? { draftChangedAt: new Date() }
          : {};
      const [row] = await db
        .update(bots)
        .set({ ...values, ...draftChangedAt, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      return (await db.delete(bots).where(mine(id)).returning({ id: bots.id })).length > 0;
    },

    async versions(botId: number): Promise<BotVersionRow[]> {
      return db
        .select()
        .from(botVersions)
        .where(and(eq(botVersions.teamId, teamId), eq(botVersions.botId, botId)))
        .orderBy(desc(botVersions.version));
    },

    /** A version of the bot by its number (the published one). */
    async versionNumber(botId: number, version: number): Promise<BotVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(botVersions)
        .where(and(eq(botVersions.teamId, teamId), eq(botVersions.botId, botId), eq(botVersions.version, version)));
      return row;
    },

    /** A version of the bot by its row id (URLs name versions this way). */
    async version(botId: number, id: number): Promise<BotVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(botVersions)
        .where(and(eq(botVersions.teamId, teamId), eq(botVersions.botId, botId), eq(botVersions.id, id)));
      return row;
    },

    /** Freezes the draft as the next version and makes it the published one (in the caller's transaction). */
    async publish(bot: BotRow, note: string | null, userId: number | null): Promise<BotVersionRow> {
      const [{ latest }] = await db
        .select({ latest: max(botVersions.version) })
        .from(botVersions)
        .where(eq(botVersions.botId, bot.id));
      const version = (latest ?? 0) + 1;
      const [row] = await db
        .insert(botVersions)
        .values({ botId: bot.id, teamId, version, config: bot.draft, note, createdBy: userId })
        .returning();
      await db
        .update(bots)
        .set({
          publishedVersion: version,
          publishedAt: new Date(),
          draftChangedAt: null,
          status: bot.status === 'draft' ? 'active' : bot.status,
          updatedAt: new Date(),
        })
        .where(mine(bot.id));
      return row;
    },

    async testQuestions(botId: number) {
      return db
        .select()
        .from(botTestQuestions)
        .where(and(eq(botTestQuestions.teamId, teamId), eq(botTestQuestions.botId, botId)))
        .orderBy(botTestQuestions.id);
    },

    async replaceTestQuestions(botId: number, questions: string[]): Promise<void> {
      await db
        .delete(botTestQuestions)
        .where(and(eq(botTestQuestions.teamId, teamId), eq(botTestQuestions.botId, botId)));
      if (questions.length > 0) {
        await db.insert(botTestQuestions).values(questions.map((question) => ({ botId, teamId, question })));
      }
    },

    async recordTurn(turn: NewTurn): Promise<BotTurnRow> {
      const [row] = await db
        .insert(botTurns)
        .values({ ...turn, teamId })
        .returning();
      await db.update(bots).set({ lastActiveAt: new Date() }).where(mine(turn.botId));
      return row;
    },

    /** The turns of a thread, oldest first (the conversation history of a test chat or an API caller). */
    async thread(botId: number, threadKey: string, limit = 20): Promise<BotTurnRow[]> {
      const rows = await db
        .select()
        .from(botTurns)
        .where(and(eq(botTurns.teamId, teamId), eq(botTurns.botId, botId), eq(botTurns.threadKey, threadKey)))
        .orderBy(desc(botTurns.id))
        .limit(limit);
      return rows.reverse();
    },

    async recentTurns(botId: number, limit: number): Promise<BotTurnRow[]> {
      return db
        .select()
        .from(botTurns)
        .where(and(eq(botTurns.teamId, teamId), eq(botTurns.botId, botId)))
        .orderBy(desc(botTurns.id))
        .limit(limit);
    },

    async turn(botId: number, turnId: number): Promise<BotTurnRow | undefined> {
      const [row] = await db
        .select()
        .from(botTurns)
        .where(and(eq(botTurns.teamId, teamId), eq(botTurns.botId, botId), eq(botTurns.id, turnId)));
      return row;
    },

    async setFeedback(botId: number, turnId: number, feedback: 1 | -1 | null): Promise<BotTurnRow | undefined> {
      const [row] = await db
        .update(botTurns)
        .set({ feedback })
        .where(and(eq(botTurns.teamId, teamId), eq(botTurns.botId, botId), eq(botTurns.id, turnId)))
        .returning();
      return row;
    },
  };
}
