import type { Services } from '../../../services';
import { botRepository } from '../../../db/repositories/bot-repository';
import { botReplays, bots as botsTable } from '../../../db/schema/index';
import type { TurnResult } from '../../../bot-engine/turn';
import { ProviderError } from '../../../bot-engine/providers/provider';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { botPolicy, type BotActor } from '../bot-policy';
import { teamChannel } from '../../notifications/channels';
import { answerTurn } from '../answer';
import { configOf } from './chat';
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows';
import { plannedModel, reserveReply, settleReply } from '../../../billing/reply-metering';

export const replayJob = 'bot.replay';

type ReplayServices = Pick<
  Services,
  'db' | 'config' | 'embedders' | 'knowledgeHits' | 'broadcaster' | 'encrypter' | 'mailer' | 'route' | 'logger'
>;
export const botReplayUpdatedEvent = 'App\\Events\\BotReplayUpdated';

/** One question answered by the draft and by the published version, and what differs. */
export interface ReplayItem {
  question: string;
  /** A saved test question, or one a customer asked in a conversation with the bot. */
  source: 'saved' | 'conversation';
  draft: ReplayAnswer;
  published: ReplayAnswer | null;
  changes: {
    answer: boolean;
    citationsLost: string[];
    citationsNew: string[];
    newFallback: boolean;
    newHandoff: boolean;
  };
}

interface ReplayAnswer {
  reply: string;
  kind: string;
  citations: string[];
  handoff: string | null;
  error?: string;
}

/** How many recent customer questions a replay asks besides the saved ones. */
export const realQuestionCount = 10;

/**
 * The last questions customers asked in conversations the bot answered: their own text messages
 * (not notes, not system lines), newest first, each once, between 3 and 500 characters.
 */
export async function recentRealQuestions(
  services: Pick<Services, 'db'>,
  teamId: number,
  botId: number,
  limit = realQuestionCount,
): Promise<string[]> {
  const rows = rowsOf<{ text: string }>(
    await services.db.execute(sql`
      select text from (
        select distinct on (lower(btrim(m.text))) btrim(m.text) as text, m.id
        from messages m join conversations c on c.id = m.conversation_id
        where c.team_id = ${teamId} and c.bot_id = ${botId} and m.team_id = ${teamId}
          and m.sender = 'contact' and m.kind = 'text' and char_length(btrim(m.text)) between 3 and 500
        order by lower(btrim(m.text)), m.id desc
      ) questions
      order by id desc
      limit ${limit}`),
  );
  return rows.map((row) => row.text);
}

/** What a replay asks: the saved test questions, then the recent customer questions not among them. */
async function replayQuestions(
  services: Pick<Services, 'db'>,
  teamId: number,
  botId: number,
): Promise<Array<{ question: string; source: ReplayItem['source'] }>> {
  const saved = (await botRepository(services.db, teamId).testQuestions(botId)).map((row) => row.question);
  const seen = new Set(saved.map((question) => question.trim().toLowerCase()));
  const real = (await recentRealQuestions(services, teamId, botId)).filter(
    (question) => !seen.has(question.trim().toLowerCase()),
  );
  return [
    ...saved.map((question) => ({ question, source: 'saved' as const })),
    ...real.map((question) => ({ question, source: 'conversation' as const })),
  ];
}

/** How many saved and customer questions a replay would ask now (Bots/Show says so beside the button). */
export async function replayQuestionCounts(
  services: Pick<Services, 'db'>,
  teamId: number,
  botId: number,
): Promise<{ saved: number; conversation: number }> {
  const questions = await replayQuestions(services, teamId, botId);
  return {
    saved: questions.filter((question) => question.source === 'saved').length,
    conversation: questions.filter((question) => question.source === 'conversation').length,
  };
}

/**
 * Replay: queues the saved test questions and the last questions customers asked to be answered by
 * the draft and the published version.
 */
export async function startReplay(
  services: Pick<Services, 'db' | 'jobs'>,
  actor: BotActor,
  botId: number,
): Promise<{ id: number; questions: number }> {
  const bots = botRepository(services.db, actor.teamId);
  const bot = await bots.find(botId);
  if (!bot) throw new NotFoundError();
  authorize(botPolicy.update(actor));
  const questions = await replayQuestions(services, actor.teamId, botId);
  if (questions.length === 0) {
    throw new ValidationError({
      replay: 'Save a few test questions on the edit page first (or wait for customers to ask): Replay asks them.',
    });
  }
  const [replay] = await services.db
    .insert(botReplays)
    .values({ botId, teamId: actor.teamId, publishedVersion: bot.publishedVersion, createdBy: actor.userId })
    .returning();
  await services.jobs.send(replayJob, { replayId: replay.id });
  return { id: replay.id, questions: questions.length };
}

/** The latest replay of a bot, for Bots/Show. */
export async function latestReplay(services: Pick<Services, 'db'>, teamId: number, botId: number) {
  const [row] = await services.db
    .select()
    .from(botReplays)
    .where(and(eq(botReplays.teamId, teamId), eq(botReplays.botId, botId)))
    .orderBy(desc(botReplays.id))
    .limit(1);
  return row;
}

async function answer(
  services: ReplayServices,
  teamId: number,
  botId: number,
  config: ReturnType<typeof configOf>,
  question: string,
  key: string,
): Promise<ReplayAnswer> {
  // Each answer is an AI reply like any other: metered, once per key (a rerun of the job counts nothing more).
  const reservation = await reserveReply(services, {
    teamId,
    key,
    botId,
    contactId: null,
    model: plannedModel(services.config, config),
    source: 'test',
  });
  if (!reservation.ok)
    return { reply: '', kind: 'error', citations: [], handoff: null, error: `No AI reply: ${reservation.message}` };
  try {
    const result: TurnResult = await answerTurn(services, {
      teamId,
      config,
      history: [],
      message: question,
      countHits: false,
    });
    await settleReply(services, key, result, reservation);
    return {
      reply: result.reply,
      kind: result.kind,
      citations: [...new Set(result.citations.map((citation) => citation.sourceTitle))],
      handoff: result.handoff?.reason ?? null,
    };
  } catch (error) {
    await settleReply(services, key, null);
    if (!(error instanceof ProviderError)) throw error;
    return { reply: '', kind: 'error', citations: [], handoff: null, error: error.message };
  }
}

/** The replay job: each question twice (saved ones, then recent customer ones), progress broadcast to the team after each. Idempotent: a rerun starts over. */
export async function runReplay(services: ReplayServices, replayId: number): Promise<void> {
  const [replay] = await services.db.select().from(botReplays).where(eq(botReplays.id, replayId));
  if (!replay || replay.status === 'done') return;
  const [bot] = await services.db.select().from(botsTable).where(eq(botsTable.id, replay.botId));
  if (!bot) return;
  const bots = botRepository(services.db, replay.teamId);
  const questions = await replayQuestions(services, replay.teamId, bot.id);
  const draft = configOf(bot.draft, bot.name);
  const version =
    replay.publishedVersion === null ? undefined : await bots.versionNumber(bot.id, replay.publishedVersion);
  const published = version ? configOf(version.config, bot.name) : undefined;
  const results: ReplayItem[] = [];
  const announce = async (status: string, progress: number) => {
    await services.db
      .update(botReplays)
      .set({ status, progress, results, ...(status === 'done' ? { finishedAt: new Date() } : {}) })
      .where(eq(botReplays.id, replayId));
    await services.broadcaster.broadcast({
      channels: [teamChannel(replay.teamId)],
      event: botReplayUpdatedEvent,
      data: { team_id: replay.teamId, bot_id: bot.id, replay_id: replayId, status, progress },
    });
  };
  await announce('running', 0);
  for (const [index, { question, source }] of questions.entries()) {
    const key = (which: string) => `replay:${replayId}:${index}:${which}`;
    const draftAnswer = await answer(services, replay.teamId, bot.id, draft, question, key('draft'));
    const publishedAnswer = published
      ? await answer(services, replay.teamId, bot.id, published, question, key('published'))
      : null;
    results.push({
      question,
      source,
      draft: draftAnswer,
      published: publishedAnswer,
      changes: {
        answer: publishedAnswer !== null && publishedAnswer.reply.trim() !== draftAnswer.reply.trim(),
        citationsLost: publishedAnswer
          ? publishedAnswer.citations.filter((c) => !draftAnswer.citations.includes(c))
          : [],
        citationsNew: publishedAnswer
          ? draftAnswer.citations.filter((c) => !publishedAnswer.citations.includes(c))
          : [],
        newFallback: draftAnswer.kind === 'fallback' && publishedAnswer?.kind !== 'fallback',
        newHandoff: draftAnswer.handoff !== null && publishedAnswer?.handoff === null,
      },
    });
    await announce('running', Math.round(((index + 1) / questions.length) * 100));
  }
  await announce('done', 100);
}
