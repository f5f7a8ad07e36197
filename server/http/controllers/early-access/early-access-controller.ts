import type { Request, Response } from 'express';
import { joinEarlyAccess } from '../../../domain/early-access/actions/join-early-access';

export async function create(req: Request, _res: Response) {
  await req.inertia.render('EarlyAccess');
}

export async function store(req: Request, res: Response) {
  await joinEarlyAccess(req.services, req.body, { ipAddress: req.ip });
  req.inertia.flash('status', 'early-access-joined');
  res.redirect(303, req.services.route('early-access.create'));
}
