import type { Request, Response } from 'express';
import { presentApiUser } from '../../../presenters/api-presenter';

/** `GET /api/user`: the token's user. */
export function show(req: Request, res: Response) {
  res.json(presentApiUser(req.user!));
}
