import type { Services } from '../../../services';
import { gapRepository } from '../../../db/repositories/gap-repository';
import type { KnowledgeGapRow } from '../../../db/schema/index';
import { NotFoundError } from '../../../support/errors';
import { authorize, type TeamActor } from '../../teams/team-access';
import { gapPolicy } from '../gap-policy';

/** Hides a gap from the inbox until a question asked after now joins it. */
export async function dismissGap(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  gapId: number,
): Promise<KnowledgeGapRow> {
  const gaps = gapRepository(services.db, actor.teamId);
  const gap = await gaps.find(gapId);
  if (!gap) throw new NotFoundError();
  authorize(gapPolicy.act(actor));
  return (await gaps.dismiss(gap.id, new Date())) ?? gap;
}
