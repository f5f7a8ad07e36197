import type { BotRow, BotTurnRow, BotVersionRow } from '../db/repositories/bot-repository';
import type { botReplays } from '../db/schema/index';
import type { BotConfig } from '../bot-engine/bot-config';
import { iso } from './iso';

/**
 * A bot as its pages and the API list it, with what the caller read of its use: the AI credits it
 * used this billing period (its cap's counter) and its replies this month (botRepliesThisMonth);
 * null where not read.
 */
export function presentBotSummary(bot: BotRow, usage?: { creditsThisPeriod: number; repliesThisMonth?: number }) {
  const config = bot.draft as unknown as Partial<BotConfig>;
  return {
    id: bot.id,
    public_id: bot.publicId,
    name: bot.name,
    description: bot.description,
    avatar_color: bot.avatarColor,
    status: bot.status,
    published_version: bot.publishedVersion,
    published_at: iso(bot.publishedAt),
    /** The draft has changes the published version does not. */
    has_draft_changes: bot.draftChangedAt !== null,
    knowledge_count: config.knowledgeIds?.length ?? 0,
    replies_this_month: usage?.repliesThisMonth ?? null,
    /** Most AI credits a billing period; null: only the plan's quota bounds it. */
    monthly_credit_cap: bot.monthlyCreditCap,
    credits_this_period: usage ? usage.creditsThisPeriod : null,
    last_active_at: iso(bot.lastActiveAt),
    updated_at: iso(bot.updatedAt),
    created_at: iso(bot.createdAt),
  };
}

export function presentVersion(version: BotVersionRow) {
  return { id: version.id, version: version.version, note: version.note, created_at: iso(version.createdAt) };
}

export function presentTurn(turn: BotTurnRow) {
  return {
    id: turn.id,
    version: turn.version,
    source: turn.source,
    thread: turn.threadKey,
    question: turn.question,
    reply: turn.reply,
    kind: turn.kind,
    citations: turn.citations,
    trace: turn.trace,
    prompt_tokens: turn.promptTokens,
    completion_tokens: turn.completionTokens,
    latency_ms: turn.latencyMs,
    feedback: turn.feedback,
    created_at: iso(turn.createdAt),
  };
}

export function presentReplay(replay: typeof botReplays.$inferSelect) {
  return {
    id: replay.id,
    status: replay.status,
    progress: replay.progress,
    published_version: replay.publishedVersion,
    results: replay.results,
    error: replay.error,
    created_at: iso(replay.createdAt),
    finished_at: iso(replay.finishedAt),
  };
}
