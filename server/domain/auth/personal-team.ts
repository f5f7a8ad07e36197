import type { Database } from '../../db/client';
import { userRepository, type NewUser, type UserRow } from '../../db/repositories/user-repository';
import { teamRepository } from '../../db/repositories/team-repository';

/** The personal team every account starts with: "Ayu's Team" for Ayu Lestari. */
export function personalTeamName(userName: string): string {
  return `${userName.trim().split(/\s+/)[0]}'s Team`;
}

/**
 * An account as registration leaves it: the user, their personal team, and that team as the
 * current one. Run it inside a transaction when both rows must stand or fall together.
 */
export async function createAccount(
  db: Database,
  user: NewUser,
  teamName = personalTeamName(user.name),
): Promise<UserRow> {
  const created = await userRepository(db).create(user);
  const team = await teamRepository(db).create({ userId: created.id, name: teamName, personalTeam: true });
  return (await userRepository(db).update(created.id, { currentTeamId: team.id }))!;
}
