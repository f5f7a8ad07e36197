import type { Services } from '../../server/services';
import { hashPassword } from '../../server/support/passwords';
import { userRepository, type UserRow } from '../../server/db/repositories/user-repository';
import { teamRepository } from '../../server/db/repositories/team-repository';

let sequence = 0;

export interface UserOverrides {
  name?: string;
  email?: string;
  password?: string;
  verified?: boolean;
}

/** A user with a personal team, verified unless asked otherwise; the password is 'password'. */
export async function createUser(services: Pick<Services, 'db'>, overrides: UserOverrides = {}): Promise<UserRow> {
  sequence += 1;
  const name = overrides.name ?? `Test User ${sequence}`;
  const users = userRepository(services.db);
  const user = await users.create({
    name,
    email: overrides.email ?? `user${sequence}-${Date.now()}@example.com`,
    password: await hashPassword(overrides.password ?? 'password'),
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
  });
  const team = await teamRepository(services.db).create({ userId: user.id, name: `${name.split(' ')[0]}'s Team`, personalTeam: true });
  return (await users.update(user.id, { currentTeamId: team.id }))!;
}
