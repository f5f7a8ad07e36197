import { and, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  conversations,
  knowledgeGapQuestions,
  knowledgeGaps,
  messages,
  type GapReason,
  type GapRetest,
  type GapStatus,
  type KnowledgeGapQuestionRow,
  type KnowledgeGapRow,
} from '../schema/index';

export type { KnowledgeGapQuestionRow, KnowledgeGapRow };
export type NewGapQuestion = Omit<typeof knowledgeGapQuestions.$inferInsert, 'id' | 'teamId' | 'gapId'>;

/** A gap as the collecting job compares a question with it: its centroid and its newest questions. */
export interface GapCandidateRow {
  id: number;
  centroid: number[];
  questionCount: number;
  texts: string[];
}

/** An example question of a gap, with its conversation and the first agent reply after it there. */
export interface GapExampleRow {
  gapId: number;
  messageId: number;
  conversationId: number;
  conversationNumber: number;
  text: string;
  reason: GapReason;
  askedAt: Date;
  agentReply: string | null;
  agentReplyAt: Date | null;
}

/** Gaps compared with a new question, at most: the most recently asked ones. */
const candidateLimit = 500;
/** Questions of a gap whose words a new question is compared with. */
const candidateTexts = 20;

/**
 * Knowledge gaps of one team and their questions: `teamId` is in every `where`, so another team's
 * gap is simply not found.
 */
export function gapRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(knowledgeGaps.teamId, teamId), eq(knowledgeGaps.id, id));

  return {
    async find(id: number): Promise<KnowledgeGapRow | undefined> {
      const [row] = await db.select().from(knowledgeGaps).where(mine(id));
      return row;
    },

    /** The question collected from an inbound message, if it was (a job runs once per message). */
    async questionOf(messageId: number): Promise<KnowledgeGapQuestionRow | undefined> {
      const [row] = await db
        .select()
        .from(knowledgeGapQuestions)
        .where(and(eq(knowledgeGapQuestions.teamId, teamId), eq(knowledgeGapQuestions.messageId, messageId)));
      return row;
    },

    /**
     * Serialises the grouping of the team's questions until the transaction ends: two questions
     * collected at once must not both start the same gap.
     */
    async lock(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${gapLockSpace}::int, ${teamId}::int)`);
    },

    /** The gaps of an embedder a new question may join, with the texts of their newest questions. */
    async candidates(embedder: { provider: string; model: string }): Promise<GapCandidateRow[]> {
      const gaps = await db
        .select({ id: knowledgeGaps.id, centroid: knowledgeGaps.centroid, questionCount: knowledgeGaps.questionCount })
        .from(knowledgeGaps)
        .where(
          and(
            eq(knowledgeGaps.teamId, teamId),
            eq(knowledgeGaps.embeddingProvider, embedder.provider),
            eq(knowledgeGaps.embeddingModel, embedder.model),
          ),
        )
        .orderBy(desc(knowledgeGaps.lastAskedAt))
        .limit(candidateLimit);
      if (gaps.length === 0) return [];
      const texts = await db.execute<{ gap_id: number; text: string }>(sql`
        select gap_id, text from (
          select gap_id, text, row_number() over (partition by gap_id order by asked_at desc, id desc) as n
            from knowledge_gap_questions
           where team_id = ${teamId} and gap_id = any(${intArray(gaps.map((gap) => gap.id))})
        ) newest where n <= ${candidateTexts}`);
      const byGap = new Map<number, string[]>();
      for (const row of (texts as unknown as { rows: Array<{ gap_id: number; text: string }> }).rows) {
        const id = Number(row.gap_id);
        byGap.set(id, [...(byGap.get(id) ?? []), row.text]);
      }
      return gaps.map((gap) => ({ ...gap, texts: byGap.get(gap.id) ?? [] }));
    },

    async createGap(values: {
      title: string;
      embeddingProvider: string;
      embeddingModel: string;
      centroid: number[];
      lastAskedAt: Date;
    }): Promise<KnowledgeGapRow> {
      const [row] = await db
        .insert(knowledgeGaps)
        .values({ ...values, teamId })
        .returning();
      return row;
    },

    /** Adds a question to a gap; undefined when its message was collected already. */
    async addQuestion(gapId: number, values: NewGapQuestion): Promise<KnowledgeGapQuestionRow | undefined> {
      const [row] = await db
        .insert(knowledgeGapQuestions)
        .values({ ...values, gapId, teamId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** A gap's counts from its questions, with its new centroid and status. */
    async refresh(
      id: number,
      values: { centroid: number[]; status: GapStatus; dismissedAt: Date | null; now: Date },
    ): Promise<KnowledgeGapRow | undefined> {
      const [row] = await db
        .update(knowledgeGaps)
        .set({
          centroid: values.centroid,
          status: values.status,
          dismissedAt: values.dismissedAt,
          questionCount: sql`(select count(*) from knowledge_gap_questions q where q.gap_id = ${id})`,
          conversationCount: sql`(select count(distinct q.conversation_id) from knowledge_gap_questions q where q.gap_id = ${id})`,
          lastAskedAt: sql`(select max(q.asked_at) from knowledge_gap_questions q where q.gap_id = ${id})`,
          updatedAt: values.now,
        })
        .where(mine(id))
        .returning();
      return row;
    },

    /**
     * A page of gaps in a status. Open ones: those that cost the most conversations first, then the
     * latest asked; answered and dismissed ones: the latest answered or dismissed first.
     */
    async page(status: GapStatus, options: { page: number; perPage: number }) {
      const where = and(eq(knowledgeGaps.teamId, teamId), eq(knowledgeGaps.status, status));
      const [{ total }] = await db.select({ total: count() }).from(knowledgeGaps).where(where);
      const order =
        status === 'open'
          ? [desc(knowledgeGaps.conversationCount), desc(knowledgeGaps.lastAskedAt)]
          : [desc(status === 'answered' ? knowledgeGaps.answeredAt : knowledgeGaps.dismissedAt)];
      const items = await db
        .select()
        .from(knowledgeGaps)
        .where(where)
        .orderBy(...order, desc(knowledgeGaps.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return { items, total };
    },

    /** How many gaps are in each status. */
    async counts(): Promise<Record<GapStatus, number>> {
      const rows = await db
        .select({ status: knowledgeGaps.status, total: count() })
        .from(knowledgeGaps)
        .where(eq(knowledgeGaps.teamId, teamId))
        .groupBy(knowledgeGaps.status);
      const counts: Record<GapStatus, number> = { open: 0, dismissed: 0, answered: 0 };
      for (const row of rows) counts[row.status] = row.total;
      return counts;
    },

    /** The bots that got each gap's questions. */
    async botsOf(gapIds: number[]): Promise<Map<number, number[]>> {
      const result = new Map<number, number[]>();
      if (gapIds.length === 0) return result;
      const rows = await db
        .selectDistinct({ gapId: knowledgeGapQuestions.gapId, botId: knowledgeGapQuestions.botId })
        .from(knowledgeGapQuestions)
        .where(and(eq(knowledgeGapQuestions.teamId, teamId), inArray(knowledgeGapQuestions.gapId, gapIds)));
      for (const row of rows) {
        if (row.botId !== null) result.set(row.gapId, [...(result.get(row.gapId) ?? []), row.botId]);
      }
      return result;
    },

    /** Questions per reason, per gap. */
    async reasons(gapIds: number[]): Promise<Map<number, Partial<Record<GapReason, number>>>> {
      const result = new Map<number, Partial<Record<GapReason, number>>>();
      if (gapIds.length === 0) return result;
      const rows = await db
        .select({ gapId: knowledgeGapQuestions.gapId, reason: knowledgeGapQuestions.reason, total: count() })
        .from(knowledgeGapQuestions)
        .where(and(eq(knowledgeGapQuestions.teamId, teamId), inArray(knowledgeGapQuestions.gapId, gapIds)))
        .groupBy(knowledgeGapQuestions.gapId, knowledgeGapQuestions.reason);
      for (const row of rows) result.set(row.gapId, { ...result.get(row.gapId), [row.reason]: row.total });
      return result;
    },

    /**
     * The newest `perGap` questions of each gap (newest first), each with its conversation's number
     * and the first thing an agent said to the customer after it in that conversation (not a note,
     * not an event), if anything.
     */
    async examples(gapIds: number[], perGap: number): Promise<GapExampleRow[]> {
      if (gapIds.length === 0) return [];
      const result = await db.execute<Record<string, unknown>>(sql`
        select q.gap_id, q.message_id, q.conversation_id, c.number as conversation_number, q.text, q.reason,
               q.asked_at, reply.text as agent_reply, reply.created_at as agent_reply_at
          from (
            select q.*, row_number() over (partition by q.gap_id order by q.asked_at desc, q.id desc) as n
              from knowledge_gap_questions q
             where q.team_id = ${teamId} and q.gap_id = any(${intArray(gapIds)})
          ) q
          join conversations c on c.id = q.conversation_id and c.team_id = ${teamId}
          left join lateral (
            select m.text, m.created_at from messages m
             where m.conversation_id = q.conversation_id and m.team_id = ${teamId}
               and m.id > q.message_id and m.sender = 'agent' and m.kind not in ('note', 'event')
               and m.text <> ''
             order by m.id
             limit 1
          ) reply on true
         where q.n <= ${perGap}
         order by q.gap_id, q.asked_at desc, q.id desc`);
      return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
        gapId: Number(row.gap_id),
        messageId: Number(row.message_id),
        conversationId: Number(row.conversation_id),
        conversationNumber: Number(row.conversation_number),
        text: String(row.text),
        reason: row.reason as GapReason,
        askedAt: new Date(row.asked_at as string | Date),
        agentReply: row.agent_reply === null ? null : String(row.agent_reply),
        agentReplyAt: row.agent_reply_at === null ? null : new Date(row.agent_reply_at as string | Date),
      }));
    },

    /** The distinct texts of a gap's questions, newest first, with the bot that got each. */
    async questionsToRetest(gapId: number, limit: number): Promise<{ text: string; botId: number | null }[]> {
      const rows = await db
        .select({ text: knowledgeGapQuestions.text, botId: knowledgeGapQuestions.botId })
        .from(knowledgeGapQuestions)
        .where(and(eq(knowledgeGapQuestions.teamId, teamId), eq(knowledgeGapQuestions.gapId, gapId)))
        .orderBy(desc(knowledgeGapQuestions.askedAt), desc(knowledgeGapQuestions.id))
        .limit(200);
      const seen = new Set<string>();
      const distinct: { text: string; botId: number | null }[] = [];
      for (const row of rows) {
        const key = row.text.trim().toLowerCase().replace(/\s+/g, ' ');
        if (seen.has(key)) continue;
        seen.add(key);
        distinct.push(row);
        if (distinct.length === limit) break;
      }
      return distinct;
    },

    /** Hides a gap until a question asked after now arrives. */
    async dismiss(id: number, now: Date): Promise<KnowledgeGapRow | undefined> {
      const [row] = await db
        .update(knowledgeGaps)
        .set({ status: 'dismissed', dismissedAt: now, updatedAt: now })
        .where(and(mine(id), ne(knowledgeGaps.status, 'dismissed')))
        .returning();
      return row;
    },

    /** A gap answered with a curated Q&A source, and what the bots said when asked its questions again. */
    async answer(
      id: number,
      values: { sourceId: number; retest: GapRetest[]; now: Date },
    ): Promise<KnowledgeGapRow | undefined> {
      const [row] = await db
        .update(knowledgeGaps)
        .set({
          status: 'answered',
          answeredAt: values.now,
          answerSourceId: values.sourceId,
          retest: values.retest,
          retestedAt: values.now,
          dismissedAt: null,
          updatedAt: values.now,
        })
        .where(mine(id))
        .returning();
      return row;
    },

    /**
     * The customer's last message before `beforeId` in a conversation that the bot answered: what
     * they asked before asking for a person.
     */
    async previousAnswered(conversationId: number, beforeId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.teamId, teamId),
            eq(conversations.teamId, teamId),
            eq(messages.conversationId, conversationId),
            eq(messages.direction, 'inbound'),
            lt(messages.id, beforeId),
            // A question the bot answered; small talk ("halo kak") is none.
            sql`exists (select 1 from messages r where r.in_reply_to_id = ${messages.id} and r.sender = 'bot'
                         and r.status <> 'composing' and coalesce(r.ai->>'kind', '') <> 'smalltalk')`,
          ),
        )
        .orderBy(desc(messages.id))
        .limit(1);
      return row?.id;
    },
  };
}

/** A PostgreSQL int[] parameter from ids. */
const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`}::int[]`;

/** The first key of the advisory lock that serialises a team's gap grouping ("gaps" in ASCII). */
const gapLockSpace = 0x67617073;
