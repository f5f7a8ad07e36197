import type { Services } from '../../../services';
import { botRepository, type BotTurnRow } from '../../../db/repositories/bot-repository';
import { validate } from '../../shared/validation';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { botPolicy, type BotActor } from '../bot-policy';
import { feedbackSchema } from '../schemas';

/** Thumbs up (1), down (-1) or neither (null) on an answer. */
export async function setFeedback(
  services: Pick<Services, 'db'>,
  actor: BotActor,
  botId: number,
  turnId: number,
  input: unknown,
): Promise<BotTurnRow> {
  const bots = botRepository(services.db, actor.teamId);
  if (!(await bots.turn(botId, turnId))) throw new NotFoundError();
  authorize(botPolicy.view(actor));
  const { feedback } = validate(feedbackSchema, input);
  const turn = await bots.setFeedback(botId, turnId, feedback);
  if (!turn) throw new NotFoundError();
  return turn;
}
