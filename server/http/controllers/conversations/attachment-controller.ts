import type { Request, Response } from 'express';
import { attachmentFile } from '../../../domain/conversations/message-attachments';
import { NotFoundError } from '../../../support/errors';
import { fileHeaders } from '../../file-headers';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/** How long a member's browser may keep a file without asking again. */
const maxAgeSeconds = 600;

/** `{index}`: the attachment's place in the message, from 0. */
function attachmentIndex(req: Request): number {
  const raw = req.params.index;
  if (typeof raw !== 'string' || !/^[0-9]{1,3}$/.test(raw)) throw new NotFoundError();
  return Number(raw);
}

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
  const headers = fileHeaders(file, maxAgeSeconds);
  res.set(headers);
  await new Promise<void>((resolve, reject) => {
    res.sendFile(file.path, { root: file.root, cacheControl: false }, (error) => {
      if (!error || res.headersSent) return resolve();
      // The error page is a page again, not a customer's file.
      for (const name of Object.keys(headers)) res.removeHeader(name);
      reject((error as NodeJS.ErrnoException).code === 'ENOENT' ? new NotFoundError() : error);
    });
  });
}
