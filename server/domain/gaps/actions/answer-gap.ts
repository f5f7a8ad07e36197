import type { Services } from '../../../services';
import { gapRepository } from '../../../db/repositories/gap-repository';
import { knowledgeRepository, type SourceRow } from '../../../db/repositories/knowledge-repository';
import type { KnowledgeGapRow } from '../../../db/schema/index';
import { runIngest } from '../../../jobs/knowledge-jobs';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { validate } from '../../shared/validation';
import { authorize, type TeamActor } from '../../teams/team-access';
import { addSource } from '../../knowledges/actions/add-source';
import { gapPolicy } from '../gap-policy';
import { answerGapSchema } from '../schemas';
import { retestGap } from '../retest';

type AnswerServices = Pick<
  Services,
  'db' | 'config' | 'jobs' | 'broadcaster' | 'logger' | 'embedders' | 'knowledgeHits' | 'encrypter'
>;

/**
 * Turns a gap into a curated Q&A answer in one of the team's knowledge bases (the knowledge's own
 * add-source action), indexes it at once (curated answers are matched among retrieved chunks, so
 * the chunk must exist before anyone asks), then asks the gap's questions again of the bots that
 * got them and keeps what they said. The gap is answered until a new question joins it.
 */
export async function answerGap(
  services: AnswerServices,
  actor: TeamActor,
  gapId: number,
  input: unknown,
): Promise<{ gap: KnowledgeGapRow; source: SourceRow; knowledge: string }> {
  const gaps = gapRepository(services.db, actor.teamId);
  const gap = await gaps.find(gapId);
  if (!gap) throw new NotFoundError();
  authorize(gapPolicy.act(actor));
  const data = validate(answerGapSchema, input);
  const knowledge = await knowledgeRepository(services.db, actor.teamId).find(data.knowledge_id);
  if (!knowledge) throw new ValidationError({ knowledge_id: 'The selected knowledge base is invalid.' });

  const source = await addSource(services, actor, knowledge.id, {
    type: 'qa',
    question: data.question,
    alternatives: data.alternatives,
    answer: data.answer,
  });
  try {
    await runIngest(services, { sourceId: source.id, generation: source.generation });
  } catch (error) {
    // Its job tries again; the bots are asked anyway and say honestly that it is not answered yet.
    services.logger.warn(
      { err: error, teamId: actor.teamId, sourceId: source.id },
      'a gap answer could not be indexed now',
    );
  }
  const retest = await retestGap(services, actor.teamId, gap);
  const answered = await gaps.answer(gap.id, { sourceId: source.id, retest, now: new Date() });
  services.logger.info({ teamId: actor.teamId, gapId: gap.id, sourceId: source.id }, 'knowledge gap answered');
  return { gap: answered ?? gap, source, knowledge: knowledge.name };
}
