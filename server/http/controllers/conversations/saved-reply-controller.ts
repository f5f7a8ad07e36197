import type { Request, Response } from 'express';
import { savedReplyRepository } from '../../../db/repositories/saved-reply-repository';
import { conversationPolicy } from '../../../domain/conversations/conversation-actions';
import {
  deleteReply,
  presentSavedReply,
  saveReply,
  savedReplyLimits,
} from '../../../domain/conversations/saved-replies';
import { authorize } from '../../../domain/teams/team-access';
import { teamContactFields } from '../../../domain/contacts/fields';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/** Conversations/SavedReplies: the team's saved replies, for whoever answers conversations. */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(conversationPolicy.reply(actor));
  const replies = await savedReplyRepository(req.services.db, actor.teamId).all();
  await req.inertia.render('Conversations/SavedReplies', {
    replies: replies.map(presentSavedReply),
    limits: savedReplyLimits,
    contact_fields: await teamContactFields(req.services.db, actor.teamId),
  });
}

const back = (req: Request, res: Response) => res.redirect(303, req.services.route('saved-replies.index'));

export async function store(req: Request, res: Response) {
  await saveReply(req.services, await teamActor(req), req.body);
  back(req, res);
}

export async function update(req: Request, res: Response) {
  await saveReply(req.services, await teamActor(req), req.body, routeId(req, 'savedReply'));
  back(req, res);
}

export async function destroy(req: Request, res: Response) {
  await deleteReply(req.services, await teamActor(req), routeId(req, 'savedReply'));
  back(req, res);
}
