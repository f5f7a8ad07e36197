import type { Request, Response } from 'express';
import { updateProfileInformation } from '../../../domain/profile/actions/update-profile-information';
import { backWithStatus } from './respond';

export async function update(req: Request, res: Response) {
  await updateProfileInformation(req.services, req.user!, req.body);
  backWithStatus(req, res, 'profile-information-updated');
}
