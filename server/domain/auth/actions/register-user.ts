import type { Services } from '../../../services';
import { validate } from '../../shared/validation';
import { registerSchema } from '../schemas';
import { ValidationError } from '../../../support/errors';
import { hashPassword } from '../../../support/passwords';
import { isDuplicateEmail, userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { createAccount } from '../personal-team';
import { sendEmailVerification } from '../notifications';
import { sendOrLog } from '../../../support/mail/mailer';

const emailTaken = () => new ValidationError({ email: 'The email has already been taken.' });

/**
 * Creates an account with its personal team ("Ayu's Team") in one transaction, then sends the
 * verification e-mail. Nothing is created when any field is invalid. Two sign-ups with one address
 * at the same moment both pass the first check; the unique key lets one in and the other gets the
 * same field error. A verification mail that cannot be sent is logged and the account stands: the
 * notice page offers another (docs/decisions/004).
 */
export async function registerUser(
  services: Pick<Services, 'db' | 'config' | 'logger' | 'mailer' | 'signedRoute'>,
  input: unknown,
): Promise<UserRow> {
  const data = validate(registerSchema(services.config.passwords), input);
  if (await userRepository(services.db).emailTaken(data.email)) throw emailTaken();
  const password = await hashPassword(data.password);
  let user: UserRow;
  try {
    user = await services.db.transaction((tx) => createAccount(tx, { name: data.name, email: data.email, password }));
  } catch (error) {
    if (isDuplicateEmail(error)) throw emailTaken();
    throw error;
  }
  await sendOrLog(services.logger, { mail: 'verify-email', userId: user.id }, () =>
    sendEmailVerification(services, user),
  );
  return user;
}
