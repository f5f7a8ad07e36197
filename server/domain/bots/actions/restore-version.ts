import type { Services } from '../../../services';
import { botRepository, type BotRow } from '../../../db/repositories/bot-repository';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { botPolicy, type BotActor } from '../bot-policy';
import { botChanged } from '../events';

/** Restore: an earlier version's configuration becomes the draft again (publish it to answer with it). */
export async function restoreVersion(
  services: Pick<Services, 'db' | 'broadcaster'>,
  actor: BotActor,
  botId: number,
  versionId: number,
): Promise<BotRow & { restoredVersion: number }> {
  const bots = botRepository(services.db, actor.teamId);
  const bot = await bots.find(botId);
  const snapshot = bot ? await bots.version(botId, versionId) : undefined;
  if (!bot || !snapshot) throw new NotFoundError();
  authorize(botPolicy.update(actor));
  const restored = await bots.update(
    botId,
    { draft: snapshot.config },
    { draftChanged: snapshot.version !== bot.publishedVersion, published: snapshot.version === bot.publishedVersion },
  );
  if (!restored) throw new NotFoundError();
  await botChanged(services, actor.teamId, botId, 'restored');
  return { ...restored, restoredVersion: snapshot.version } as BotRow & { restoredVersion: number };
}
