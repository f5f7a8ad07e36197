import { allows, type Role } from '../teams/roles';

/**
 * Who may do what to knowledge bases: owners, admins and editors manage them; agents and viewers
 * read them (and may try a question). A token narrows its holder's role to its abilities.
 */
export interface KnowledgeActor {
  userId: number;
  teamId: number;
  role: Role;
  /** Abilities of the API token the request came with; absent for browser sessions. */
  abilities?: readonly string[];
}

export const knowledgePolicy = {
  view: (actor: KnowledgeActor) => allows(actor.role, 'knowledges:view', actor.abilities),
  create: (actor: KnowledgeActor) => allows(actor.role, 'knowledges:create', actor.abilities),
  update: (actor: KnowledgeActor) => allows(actor.role, 'knowledges:update', actor.abilities),
  delete: (actor: KnowledgeActor) => allows(actor.role, 'knowledges:delete', actor.abilities),
};
