import type { Services } from '../../services';
import type { BotConfig } from '../../bot-engine/bot-config';
import { botRepository } from '../../db/repositories/bot-repository';
import { gapRepository } from '../../db/repositories/gap-repository';
import type { GapRetest, KnowledgeGapRow } from '../../db/schema/index';
import { configOf } from '../bots/actions/chat';
import { answerTurn, spokenReply } from '../bots/answer';
import { ProviderError } from '../../bot-engine/providers/provider';

type RetestServices = Pick<Services, 'db' | 'config' | 'embedders' | 'knowledgeHits' | 'encrypter' | 'logger'>;

/** Distinct questions of a gap asked again, at most (each may call the model). */
export const retestLimit = 10;

/**
 * Asks each of a gap's questions (the newest distinct ones) again, as a first message, of the bot
 * that got it, in its published version: whether a curated answer or a grounded answer with no
 * handoff comes back now. Hits are not counted; nothing is stored in a conversation.
 */
export async function retestGap(
  services: RetestServices,
  teamId: number,
  gap: Pick<KnowledgeGapRow, 'id'>,
  now = new Date(),
): Promise<GapRetest[]> {
  const questions = await gapRepository(services.db, teamId).questionsToRetest(gap.id, retestLimit);
  const configs = new Map<number, BotConfig | null>();
  const results: GapRetest[] = [];
  for (const question of questions) {
    const config = question.botId === null ? null : await publishedConfig(services, teamId, question.botId, configs);
    if (!config) {
      results.push({ question: question.text, kind: 'skipped', answered: false, reply: 'No published bot to ask.' });
      continue;
    }
    try {
      const result = await answerTurn(services, {
        teamId,
        config,
        history: [],
        message: question.text,
        countHits: false,
        now,
      });
      const answered = (result.kind === 'answer' || result.kind === 'curated') && result.handoff === null;
      results.push({ question: question.text, kind: result.kind, answered, reply: spokenReply(result) });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      services.logger.warn({ err: error, teamId, gapId: gap.id }, 'a knowledge gap question could not be asked again');
      results.push({
        question: question.text,
        kind: 'skipped',
        answered: false,
        reply: `The model could not answer: ${error.message}`,
      });
    }
  }
  return results;
}

async function publishedConfig(
  services: Pick<Services, 'db'>,
  teamId: number,
  botId: number,
  cache: Map<number, BotConfig | null>,
): Promise<BotConfig | null> {
  if (cache.has(botId)) return cache.get(botId)!;
  const bots = botRepository(services.db, teamId);
  const bot = await bots.find(botId);
  const version = bot?.publishedVersion ? await bots.versionNumber(bot.id, bot.publishedVersion) : undefined;
  const config = bot && version ? configOf(version.config, bot.name) : null;
  cache.set(botId, config);
  return config;
}
