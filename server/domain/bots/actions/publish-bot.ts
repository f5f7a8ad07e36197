import type { Services } from '../../../services';
import { botRepository, type BotVersionRow } from '../../../db/repositories/bot-repository';
import { validate } from '../../shared/validation';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { botPolicy, type BotActor } from '../bot-policy';
import { publishSchema } from '../schemas';
import { botChanged } from '../events';

/**
 * Publish: the draft becomes the next numbered version, the one channels and the API answer
 * with. A draft bot becomes active. Nothing to publish when the draft equals the published version.
 */
export async function publishBot(
  services: Pick<Services, 'db' | 'broadcaster'>,
  actor: BotActor,
  botId: number,
  input: unknown,
): Promise<BotVersionRow> {
  const bots = botRepository(services.db, actor.teamId);
  const bot = await bots.find(botId);
  if (!bot) throw new NotFoundError();
  authorize(botPolicy.update(actor));
  const { note } = validate(publishSchema, input);
  if (bot.publishedVersion !== null && bot.draftChangedAt === null) {
    throw new ValidationError({ note: `Version ${bot.publishedVersion} is already the draft: change something first.` });
  }
  const version = await services.db.transaction(async (tx) => {
    // The row is read again under lock: two publishes at once get consecutive numbers.
    const repository = botRepository(tx, actor.teamId);
    const locked = (await repository.lock(botId))!;
    return repository.publish(locked, note, actor.userId);
  });
  await botChanged(services, actor.teamId, botId, 'published');
  return version;
}
