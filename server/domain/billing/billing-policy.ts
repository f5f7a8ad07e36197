import type { TeamActor } from '../teams/team-access';
import { allows } from '../teams/roles';

/**
 * Billing belongs to the team's owner: owners manage (checkout, plan changes, cancel, details),
 * admins see the page and its invoices, everyone else gets a 403. API tokens never reach billing.
 */
export const billingPolicy = {
  view: (actor: TeamActor) => !actor.abilities && allows(actor.role, 'billing:view'),
  manage: (actor: TeamActor) => !actor.abilities && allows(actor.role, 'billing:manage'),
};
