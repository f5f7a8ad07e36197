import type { Services } from '../../server/services';
import { botRepository } from '../../server/db/repositories/bot-repository';
import { defaultBotConfig } from '../../server/bot-engine/bot-config';
import { newPublicId } from '../../server/domain/bots/actions/create-bot';

/** A bot of the team with version 1 published and one answered test turn, written straight to the database. */
export async function createPublishedBot(
  services: Pick<Services, 'db'>,
  teamId: number,
  options: { name?: string; knowledgeIds?: number[] } = {},
) {
  const bots = botRepository(services.db, teamId);
  const name = options.name ?? 'Asisten';
  const bot = await bots.create({
    publicId: newPublicId(),
    name,
    description: '',
    avatarColor: 'indigo',
    draft: { ...defaultBotConfig(name), knowledgeIds: options.knowledgeIds ?? [] } as unknown as Record<string, unknown>,
    createdBy: null,
  });
  const version = await bots.publish(bot, 'First version', null);
  const turn = await bots.recordTurn({
    botId: bot.id,
    version: null,
    source: 'test',
    userId: null,
    threadKey: 'factory-thread',
    question: 'Jam berapa buka?',
    reply: 'Setiap hari pukul 07.00–22.00.',
    kind: 'answer',
    citations: [],
    trace: {},
    promptTokens: 0,
    completionTokens: 0,
    latencyMs: 1,
  });
  return { bot: (await bots.find(bot.id))!, version, turn };
}
