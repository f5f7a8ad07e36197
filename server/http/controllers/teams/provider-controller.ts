import type { Request, Response } from 'express';
import { saveProvider, deleteProvider } from '../../../domain/providers/actions/save-provider';
import { testProvider } from '../../../domain/providers/actions/test-provider';
import { routeId } from '../../route-params';

/** A team's model servers, managed from Teams/Show by owners and admins. */
export async function store(req: Request, res: Response) {
  const teamId = routeId(req, 'team');
  await saveProvider(req.services, req.user!, teamId, req.body);
  res.redirect(303, req.services.route('teams.show', teamId));
}

export async function update(req: Request, res: Response) {
  const teamId = routeId(req, 'team');
  await saveProvider(req.services, req.user!, teamId, req.body, routeId(req, 'provider'));
  res.redirect(303, req.services.route('teams.show', teamId));
}

export async function destroy(req: Request, res: Response) {
  const teamId = routeId(req, 'team');
  await deleteProvider(req.services, req.user!, teamId, routeId(req, 'provider'));
  res.redirect(303, req.services.route('teams.show', teamId));
}

/** JSON: what the server answered (ok, status, message, models, latency). */
export async function test(req: Request, res: Response) {
  res.json(await testProvider(req.services, req.user!, routeId(req, 'team'), routeId(req, 'provider')));
}
