import type { Services } from '../../services';
import type { SourceState } from '../../db/repositories/knowledge-repository';
import { presentSourceState } from '../../presenters/knowledge-presenter';
import { teamChannel } from '../notifications/channels';

/**
 * What open pages hear about knowledge, on the team's private channel `private-teams.{id}`, after
 * the write that caused it commits: every change of a source (status, progress, result) and
 * every knowledge base created, changed or deleted. Knowledges/Index and Knowledges/Form update
 * live from these.
 */
export const knowledgeSourceUpdatedEvent = 'App\\Events\\KnowledgeSourceUpdated';
export const knowledgeChangedEvent = 'App\\Events\\KnowledgeChanged';

export type KnowledgeAction = 'created' | 'updated' | 'deleted' | 'source-added' | 'source-deleted';

export async function sourceUpdated(services: Pick<Services, 'broadcaster'>, source: SourceState): Promise<void> {
  await services.broadcaster.broadcast({
    channels: [teamChannel(source.teamId)],
    event: knowledgeSourceUpdatedEvent,
    data: { team_id: source.teamId, knowledge_id: source.knowledgeId, source: presentSourceState(source) },
  });
}

export async function knowledgeChanged(
  services: Pick<Services, 'broadcaster'>,
  teamId: number,
  knowledgeId: number,
  action: KnowledgeAction,
): Promise<void> {
  await services.broadcaster.broadcast({
    channels: [teamChannel(teamId)],
    event: knowledgeChangedEvent,
    data: { team_id: teamId, knowledge_id: knowledgeId, action },
  });
}
