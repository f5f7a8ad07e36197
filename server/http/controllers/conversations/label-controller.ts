import type { Request, Response } from 'express';
import { labelRepository } from '../../../db/repositories/label-repository';
import { labelColors } from '../../../db/schema/labels';
import { conversationPolicy } from '../../../domain/conversations/conversation-actions';
import { deleteLabel, labelLimits, presentLabel, saveLabel } from '../../../domain/conversations/labels';
import { authorize } from '../../../domain/teams/team-access';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/** Conversations/Labels: the team's conversation labels and how many conversations carry each. */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(conversationPolicy.reply(actor));
  const labels = labelRepository(req.services.db, actor.teamId);
  const usage = await labels.usage();
  await req.inertia.render('Conversations/Labels', {
    labels: (await labels.all()).map((row) => ({ ...presentLabel(row), conversations: usage.get(row.id) ?? 0 })),
    colors: labelColors,
    limits: labelLimits,
  });
}

const back = (req: Request, res: Response) => res.redirect(303, req.services.route('labels.index'));

export async function store(req: Request, res: Response) {
  await saveLabel(req.services, await teamActor(req), req.body);
  back(req, res);
}

export async function update(req: Request, res: Response) {
  await saveLabel(req.services, await teamActor(req), req.body, routeId(req, 'label'));
  back(req, res);
}

export async function destroy(req: Request, res: Response) {
  await deleteLabel(req.services, await teamActor(req), routeId(req, 'label'));
  back(req, res);
}
