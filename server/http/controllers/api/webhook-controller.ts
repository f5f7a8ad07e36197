import type { Request, Response } from 'express';
import { webhookRepository } from '../../../db/repositories/webhook-repository';
import { createEndpoint, deleteEndpoint, webhookPolicy } from '../../../domain/webhooks/endpoints';
import { authorize } from '../../../domain/teams/team-access';
import { presentApiEndpoint } from '../../../presenters/webhook-presenter';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/** `GET /api/webhooks`: the team's webhook endpoints (owners and admins). */
export async function index(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(webhookPolicy.view(actor));
  const rows = await webhookRepository(req.services.db, actor.teamId).all();
  res.json({ data: rows.map(presentApiEndpoint) });
}

/**
 * `POST /api/webhooks`: a tool that subscribes itself (an automation platform's trigger) adds its
 * endpoint, and gets its signing secret this once.
 */
export async function store(req: Request, res: Response) {
  const { endpoint, secret } = await createEndpoint(req.services, await teamActor(req), req.body);
  res.status(201).json({ ...presentApiEndpoint(endpoint), secret });
}

/** `DELETE /api/webhooks/{webhook}`: the tool unsubscribes; the endpoint hears nothing more. */
export async function destroy(req: Request, res: Response) {
  await deleteEndpoint(req.services, await teamActor(req), routeId(req, 'webhook'));
  res.status(204).end();
}
