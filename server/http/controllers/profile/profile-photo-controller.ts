import type { Request, Response } from 'express';
import { deleteProfilePhoto } from '../../../domain/profile/actions/delete-profile-photo';
import { backWithStatus } from './respond';

export async function destroy(req: Request, res: Response) {
  await deleteProfilePhoto(req.services, req.user!);
  backWithStatus(req, res, 'profile-photo-deleted');
}
