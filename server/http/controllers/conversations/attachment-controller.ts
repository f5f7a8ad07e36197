import type { Request, Response } from 'express';
import { attachmentFile } from '../../../domain/conversations/message-attachments';
import { sendStoredFile } from '../../file-headers';
import { attachmentIndex, routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/**
 * A file a customer sent, for a member who may view the conversation: pictures, recordings and
 * videos shown in place (with ranges, so a player can seek), anything else downloaded.
 */
export async function show(req: Request, res: Response) {
  const file = await attachmentFile(req.services, await teamActor(req), {
    conversationId: routeId(req, 'conversation'),
    messageId: routeId(req, 'message'),
    index: attachmentIndex(req),
  });
  await sendStoredFile(res, file);
}
