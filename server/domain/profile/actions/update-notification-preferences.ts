import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { validate } from '../../shared/validation';
import { mailPreferencesBag, mailPreferencesSchema } from '../../notifications/mail-preferences';

/**
 * What the person is e-mailed about when they have not read it on the bell in time (the profile's
 * Notifications section), in the `updateNotificationPreferences` bag. An empty list turns it off.
 */
export async function updateNotificationPreferences(
  services: Pick<Services, 'db'>,
  user: UserRow,
  input: unknown,
): Promise<UserRow> {
  const { mail } = validate(mailPreferencesSchema, input, mailPreferencesBag);
  return (await userRepository(services.db).update(user.id, { mailNotifications: mail }))!;
}
