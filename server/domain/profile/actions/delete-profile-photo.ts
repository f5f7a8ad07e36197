import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { deletePhoto } from '../profile-photos';

/** Removes the user's photo (file and path); the generated avatar shows again. */
export async function deleteProfilePhoto(services: Pick<Services, 'db' | 'config'>, user: UserRow): Promise<UserRow> {
  if (!user.profilePhotoPath) return user;
  const updated = (await userRepository(services.db).update(user.id, { profilePhotoPath: null }))!;
  await deletePhoto(services.config, user.profilePhotoPath);
  return updated;
}
