import type { Services } from '../../../services';
import { NotFoundError } from '../../../support/errors';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { generateRecoveryCodes } from '../recovery-codes';
import { encryptRecoveryCodes } from '../stored-two-factor';
import { messages } from '../schemas';

/** Replaces all 8 recovery codes with new ones. Without two-factor authentication there is nothing to regenerate (404). */
export async function regenerateRecoveryCodes(
  services: Pick<Services, 'db' | 'encrypter' | 'logger'>,
  user: UserRow,
): Promise<UserRow> {
  if (!user.twoFactorSecret) throw new NotFoundError(messages.notEnabled);
  const updated = await userRepository(services.db).update(user.id, {
    twoFactorRecoveryCodes: encryptRecoveryCodes(services.encrypter, generateRecoveryCodes()),
  });
  services.logger.info({ userId: user.id }, 'two-factor recovery codes regenerated');
  return updated ?? user;
}
