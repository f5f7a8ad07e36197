import type { Request, Response } from 'express';
import type { ChannelType } from '../../../db/schema/channels';
import { receiveWebhook } from '../../../channels/pipeline';
import type { WebhookRequest } from '../../../channels/driver';

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
