import type { Database } from '../../db/client';
import { teamMembershipRepository } from '../../db/repositories/team-membership-repository';
import { ForbiddenError, NotFoundError } from '../../support/errors';
import { isAssignableRole, type Role } from './roles';
import type { Membership } from './team-policy';

/**
 * A member acting in one team (a browser session in their current team, or an API token in its
 * own): what the policies of the team's bots, knowledge… are asked about.
 */
export interface TeamActor {
  userId: number;
  teamId: number;
  role: Role;
  /** Abilities of the API token the request came with; absent for browser sessions. */
  abilities?: readonly string[];
}

/** A stored role as the policy reads it; anything unknown gets the least rights. */
export function asRole(value: string): Role {
  return value === 'owner' || isAssignableRole(value) ? value : 'viewer';
}

/**
 * The actor's membership of a team, or a 404: a team the actor does not belong to is, to them,
 * a team that does not exist (DESIGN.md, tenancy).
 */
export async function membershipOf(db: Database, actor: { id: number }, teamId: number): Promise<Membership> {
  const found = await teamMembershipRepository(db, actor.id).find(teamId);
  if (!found) throw new NotFoundError();
  return { team: found.team, userId: actor.id, role: asRole(found.role) };
}

/** A 403 unless the policy allowed it: the actor sees the team but may not do this. */
export function authorize(allowed: boolean): void {
  if (!allowed) throw new ForbiddenError();
}
