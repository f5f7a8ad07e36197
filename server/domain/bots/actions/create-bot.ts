import { randomBytes } from 'node:crypto';
import type { Services } from '../../../services';
import { botRepository, type BotRow } from '../../../db/repositories/bot-repository';
import { defaultBotConfig } from '../../../bot-engine/bot-config';
import { validate } from '../../shared/validation';
import { ValidationError } from '../../../support/errors';
import { knowledgeRepository } from '../../../db/repositories/knowledge-repository';
import { authorize } from '../../teams/team-access';
import { botPolicy, type BotActor } from '../bot-policy';
import { newBotSchema } from '../schemas';
import { botChanged } from '../events';
import { withinLimit } from '../../../billing/limits';

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `bot_` and 16 random letters and digits: the bot's id outside Kawan (the API's `model`). */
export function newPublicId(): string {
  const bytes = randomBytes(16);
  return `bot_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/**
 * A new draft bot of the actor's team with the default configuration and the knowledge bases it
 * answers from (the team's own); it answers once published.
 */
export async function createBot(
  services: Pick<Services, 'db' | 'broadcaster' | 'logger' | 'config'>,
  actor: BotActor,
  input: unknown,
  configOverrides: Partial<ReturnType<typeof defaultBotConfig>> = {},
): Promise<BotRow> {
  authorize(botPolicy.create(actor));
  const data = validate(newBotSchema, input);
  const owned = await knowledgeRepository(services.db, actor.teamId).findMany(data.knowledge_ids);
  if (owned.length !== data.knowledge_ids.length) {
    throw new ValidationError({ knowledge_ids: 'The selected knowledge base is invalid.' });
  }
  // The plan's bot limit holds under concurrent requests: counted and created under one team lock.
  const bot = await withinLimit(services.db, services.config, actor.teamId, 'bots', { field: 'name' }, (tx) =>
    botRepository(tx, actor.teamId).create({
      publicId: newPublicId(),
      name: data.name,
      description: data.description,
      avatarColor: data.avatar_color,
      draft: {
        ...defaultBotConfig(data.name),
        knowledgeIds: data.knowledge_ids,
        ...configOverrides,
      } as unknown as Record<string, unknown>,
      createdBy: actor.userId,
    }),
  );
  services.logger.info({ teamId: actor.teamId, botId: bot.id }, 'bot created');
  await botChanged(services, actor.teamId, bot.id, 'created');
  return bot;
}
