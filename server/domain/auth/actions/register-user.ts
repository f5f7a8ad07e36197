import type { Services } from '../../../services';
import { validate } from '../../shared/validation';
import { registerSchema } from '../schemas';
import { ValidationError } from '../../../support/errors';
import { hashPassword } from '../../../support/passwords';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { teamRepository } from '../../../db/repositories/team-repository';
import { sendEmailVerification } from '../notifications';

/**
 * Creates an account with its personal team ("Ayu's Team") in one transaction, then sends the
 * verification e-mail. Nothing is created when any field is invalid.
 */
export async function registerUser(services: Pick<Services, 'db' | 'mailer' | 'signedRoute'>, input: unknown): Promise<UserRow> {
  const data = validate(registerSchema, input);
  if (await userRepository(services.db).emailTaken(data.email)) {
    throw new ValidationError({ email: 'The email has already been taken.' });
  }
  const password = await hashPassword(data.password);
  const user = await services.db.transaction(async (tx) => {
    const created = await userRepository(tx).create({ name: data.name, email: data.email, password });
    const team = await teamRepository(tx).create({
      userId: created.id,
      name: personalTeamName(data.name),
      personalTeam: true,
    });
    return (await userRepository(tx).update(created.id, { currentTeamId: team.id }))!;
  });
  await sendEmailVerification(services, user);
  return user;
}

/** The personal team every account starts with: "Ayu's Team" for Ayu Lestari. */
export function personalTeamName(userName: string): string {
  return `${userName.trim().split(/\s+/)[0]}'s Team`;
}
