import type { Request, Response } from 'express';
import type { ChannelType } from '../../../db/schema/channels';
import { receiveWebhook } from '../../../channels/pipeline';
import type { WebhookRequest } from '../../../channels/driver';
import type { StoredAttachment } from '../../../channels/media';
import { channelByPublicKey } from '../../../db/repositories/channel-repository';
import { conversationRepository } from '../../../db/repositories/conversation-repository';
import { storedFile } from '../../../domain/conversations/message-attachments';
import { NotFoundError } from '../../../support/errors';
import { sendStoredFile } from '../../file-headers';
import { attachmentIndex, routeId } from '../../route-params';

/** A request as channel drivers read it: raw bytes, lower-cased headers, the query's strings. */
function webhookRequest(req: Request): WebhookRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value[0] : value;
  const query: Record<string, string | undefined> = {};
  // hub.mode and friends: qs would nest them ({ hub: { mode } }), so they are read from the raw query.
  for (const [name, value] of new URL(req.originalUrl, 'http://localhost').searchParams) query[name] = value;
  return {
    method: req.method === 'GET' ? 'GET' : 'POST',
    headers,
    query,
    rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    now: new Date(),
  };
}

/**
 * GET (WhatsApp's handshake) and POST /webhooks/{type}/{channel}: verified, stored once, acknowledged;
 * as urgent work, during which this process's job workers run one job per kind (JobQueue.urgent).
 */
export function receive(type: ChannelType) {
  return async (req: Request, res: Response) => {
    const answer = await req.services.jobs.urgent(() =>
      receiveWebhook(req.services, type, String(req.params.key), webhookRequest(req)),
    );
    res.status(answer.status).type(answer.contentType).send(answer.body);
  };
}

/**
 * GET webhooks.custom.file: a file an agent sent on a webhook channel, for the customer's server
 * that got the signed link in the delivery (the `signed` middleware checks it and its expiry).
 */
export async function customFile(req: Request, res: Response) {
  const channel = await channelByPublicKey(req.services.db, String(req.params.key));
  if (!channel || channel.type !== 'webhook') throw new NotFoundError();
  const message = await conversationRepository(req.services.db, channel.teamId).message(routeId(req, 'message'));
  // What went to the customer only: never a note's file, whose link was never sent.
  if (!message || message.channelId !== channel.id || message.direction !== 'outbound' || message.kind === 'note')
    throw new NotFoundError();
  await sendStoredFile(
    res,
    await storedFile(req.services, channel.teamId, message.attachments as StoredAttachment[], attachmentIndex(req)),
  );
}
