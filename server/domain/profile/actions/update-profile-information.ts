import type { Services } from '../../../services';
import { isDuplicateEmail, userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { ValidationError } from '../../../support/errors';
import { sendOrLog } from '../../../support/mail/mailer';
import { sendEmailVerification } from '../../auth/notifications';
import { deletePhoto, processPhoto, storePhoto, type ProcessedPhoto } from '../profile-photos';
import { FieldErrorCollector, messages, profileInformationBag, profileInformationFields } from '../schemas';

type Deps = Pick<Services, 'db' | 'config' | 'logger' | 'routes' | 'mailer' | 'signedRoute'>;

/**
 * Jetstream's UpdateUserProfileInformation: name, e-mail (unique, lower-cased) and an optional
 * photo, in the `updateProfileInformation` bag. A new address is unverified until the user opens
 * the link mailed to it. A new photo replaces the old file. An address another account takes at
 * the same moment is refused by the unique key with the same field error as one already taken.
 */
export async function updateProfileInformation(services: Deps, user: UserRow, input: unknown): Promise<UserRow> {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const users = userRepository(services.db);
  const check = new FieldErrorCollector();

  const name = check.field('name', profileInformationFields.name, body.name);
  const email = check.field('email', profileInformationFields.email, body.email);
  if (email !== undefined && (await users.emailTaken(email, user.id))) check.add('email', messages.emailTaken);

  let photo: ProcessedPhoto | undefined;
  if (body.photo !== undefined && body.photo !== null && body.photo !== '') {
    const result = await processPhoto(body.photo);
    if ('error' in result) check.add('photo', result.error);
    else photo = result.photo;
  }
  check.throwIfAny(profileInformationBag);

  const emailChanged = email! !== user.email;
  const photoPath = photo ? await storePhoto(services.config, photo) : undefined;
  let updated: UserRow;
  try {
    updated = (await users.update(user.id, {
      name: name!,
      email: email!,
      ...(emailChanged ? { emailVerifiedAt: null } : {}),
      ...(photoPath ? { profilePhotoPath: photoPath } : {}),
    }))!;
  } catch (error) {
    await deletePhoto(services.config, photoPath);
    // Another account took the address between the check above and this write.
    if (isDuplicateEmail(error)) throw new ValidationError({ email: messages.emailTaken }, profileInformationBag);
    throw error;
  }

  if (photoPath) await deletePhoto(services.config, user.profilePhotoPath);
  if (emailChanged && services.routes.has('verification.verify')) {
    // The change is saved either way; a lost mail is logged and the notice page offers another.
    await sendOrLog(services.logger, { mail: 'verify-email', userId: user.id }, () =>
      sendEmailVerification(services, updated),
    );
  }
  return updated;
}
