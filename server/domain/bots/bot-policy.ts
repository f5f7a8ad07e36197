import { allows } from '../teams/roles';
import type { TeamActor } from '../teams/team-access';

/**
 * Who may do what to bots: owners, admins and editors build, publish and delete them; agents and
 * viewers see them and may try them in the test chat. A token narrows its holder's role.
 */
export type BotActor = TeamActor;

export const botPolicy = {
  view: (actor: BotActor) => allows(actor.role, 'bots:view', actor.abilities),
  create: (actor: BotActor) => allows(actor.role, 'bots:create', actor.abilities),
  update: (actor: BotActor) => allows(actor.role, 'bots:update', actor.abilities),
  delete: (actor: BotActor) => allows(actor.role, 'bots:delete', actor.abilities),
};
