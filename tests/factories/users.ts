import type { Services } from '../../server/services';
import { hashPassword } from '../../server/support/passwords';
import type { UserRow } from '../../server/db/repositories/user-repository';
import { createAccount } from '../../server/domain/auth/personal-team';

let sequence = 0;

/**
 * One argon2 hash per password and process (each costs 20–30 ms here, and some files make a user
 * per route): any valid hash of a user's password serves a test, whatever its salt.
 */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) hashes.set(password, (hashed = hashPassword(password)));
  return hashed;
};

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
  return createAccount(services.db, {
    name,
    email: overrides.email ?? `user${sequence}-${Date.now()}@example.com`,
    password: await hashOf(overrides.password ?? 'password'),
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
  });
}
