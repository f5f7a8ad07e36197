import type { Database } from '../../db/client';
import type { UserRow } from '../../db/repositories/user-repository';
import { allows } from '../teams/roles';
import { authorize, membershipOf } from '../teams/team-access';

/**
 * A team's model servers are managed by its owners and admins (they hold the team's API keys):
 * the same permission as the team's settings. Another team's is a 404.
 */
export async function managingMember(db: Database, user: Pick<UserRow, 'id'>, teamId: number) {
  const membership = await membershipOf(db, user, teamId);
  authorize(allows(membership.role, 'team:update'));
  return membership;
}

export function canManageProviders(role: Parameters<typeof allows>[0]): boolean {
  return allows(role, 'team:update');
}
