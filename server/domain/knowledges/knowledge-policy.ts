import { allows } from '../teams/roles';
import type { TeamActor } from '../teams/team-access';

/**
 * Who may do what to knowledge bases: owners, admins and editors manage them; agents and viewers
 * read them (and may try a question). A token narrows its holder's role to its abilities.
 */
export type KnowledgeActor = TeamActor;

export const knowledgePolicy = {
  view: (actor: KnowledgeActor) => allows(actor.role, 'knowledges:view', actor.abilities),
  create: (actor: KnowledgeActor) => allows(actor.role, 'knowledges:create', actor.abilities),
  update: (actor: KnowledgeActor) => allows(actor.role, 'knowledges:update', actor.abilities),
  delete: (actor: KnowledgeActor) => allows(actor.role, 'knowledges:delete', actor.abilities),
};
