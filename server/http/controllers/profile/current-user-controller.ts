import type { Request, Response } from 'express';
import { deleteUser } from '../../../domain/profile/actions/delete-user';
import { logout } from '../../auth/session-guard';

/** Deletes the account, signs the browser out and reloads the whole page on the welcome page. */
export async function destroy(req: Request, res: Response) {
  await deleteUser(req.services, req.user!, req.body);
  await logout(req, res);
  req.inertia.location(req.services.route('welcome'));
}
