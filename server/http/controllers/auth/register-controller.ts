import type { Request, Response } from 'express';
import { registerUser } from '../../../domain/auth/actions/register-user';
import { login, redirectIntended } from '../../auth/session-guard';

export async function create(req: Request) {
  await req.inertia.render('Auth/Register');
}

export async function store(req: Request, res: Response) {
  const user = await registerUser(req.services, req.body);
  await login(req, res, user, req.body?.remember === true || req.body?.remember === 'on');
  redirectIntended(req, res);
}
