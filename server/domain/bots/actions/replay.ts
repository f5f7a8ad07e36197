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
import { and, desc, eq } from 'drizzle-orm';

export const replayJob = 'bot.replay';
export const botReplayUpdatedEvent = 'App\\Events\\BotReplayUpdated';

/** One question answered by the draft and by the published version, and what differs. */
export interface ReplayItem {
  question: string;
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

/** Replay: queues the saved test questions to be answered by the draft and the published version. */
export async function startReplay(
  services: Pick<Services, 'db' | 'jobs'>,
  actor: BotActor,
  botId: number,
): Promise<{ id: number; questions: number }> {
  const bots = botRepository(services.db, actor.teamId);
  const bot = await bots.find(botId);
  if (!bot) throw new NotFoundError();
  authorize(botPolicy.update(actor));
  const questions = await bots.testQuestions(botId);
  if (questions.length === 0) {
    throw new ValidationError({ replay: 'Save a few test questions on the edit page first: Replay asks them.' });
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
  services: Pick<Services, 'db' | 'config' | 'embedders' | 'knowledgeHits' | 'encrypter'>,
  teamId: number,
  config: ReturnType<typeof configOf>,
  question: string,
): Promise<ReplayAnswer> {
  try {
    const result: TurnResult = await answerTurn(services, { teamId, config, history: [], message: question, countHits: false });
    return {
      reply: result.reply,
      kind: result.kind,
      citations: [...new Set(result.citations.map((citation) => citation.sourceTitle))],
      handoff: result.handoff?.reason ?? null,
    };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { reply: '', kind: 'error', citations: [], handoff: null, error: error.message };
  }
}

/** The replay job: each question twice, progress broadcast to the team after each. Idempotent: a rerun starts over. */
export async function runReplay(
  services: Pick<Services, 'db' | 'config' | 'embedders' | 'knowledgeHits' | 'broadcaster' | 'encrypter'>,
  replayId: number,
): Promise<void> {
  const [replay] = await services.db.select().from(botReplays).where(eq(botReplays.id, replayId));
  if (!replay || replay.status === 'done') return;
  const [bot] = await services.db.select().from(botsTable).where(eq(botsTable.id, replay.botId));
  if (!bot) return;
  const bots = botRepository(services.db, replay.teamId);
  const questions = await bots.testQuestions(bot.id);
  const draft = configOf(bot.draft, bot.name);
  const version = replay.publishedVersion === null ? undefined : await bots.versionNumber(bot.id, replay.publishedVersion);
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
  for (const [index, { question }] of questions.entries()) {
    const draftAnswer = await answer(services, replay.teamId, draft, question);
    const publishedAnswer = published ? await answer(services, replay.teamId, published, question) : null;
    results.push({
      question,
      draft: draftAnswer,
      published: publishedAnswer,
      changes: {
        answer: publishedAnswer !== null && publishedAnswer.reply.trim() !== draftAnswer.reply.trim(),
        citationsLost: publishedAnswer ? publishedAnswer.citations.filter((c) => !draftAnswer.citations.includes(c)) : [],
        citationsNew: publishedAnswer ? draftAnswer.citations.filter((c) => !publishedAnswer.citations.includes(c)) : [],
        newFallback: draftAnswer.kind === 'fallback' && publishedAnswer?.kind !== 'fallback',
        newHandoff: draftAnswer.handoff !== null && publishedAnswer?.handoff === null,
      },
    });
    await announce('running', Math.round(((index + 1) / questions.length) * 100));
  }
  await announce('done', 100);
}
