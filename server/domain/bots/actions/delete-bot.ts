import type { Services } from '../../../services';
import { botRepository } from '../../../db/repositories/bot-repository';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { botPolicy, type BotActor } from '../bot-policy';
import { botChanged } from '../events';

/** Deletes a bot with its versions, test questions and answered turns. */
export async function deleteBot(services: Pick<Services, 'db' | 'broadcaster' | 'logger'>, actor: BotActor, botId: number) {
  const bots = botRepository(services.db, actor.teamId);
  if (!(await bots.find(botId))) throw new NotFoundError();
  authorize(botPolicy.delete(actor));
  await bots.delete(botId);
  services.logger.info({ teamId: actor.teamId, botId }, 'bot deleted');
  await botChanged(services, actor.teamId, botId, 'deleted');
}
