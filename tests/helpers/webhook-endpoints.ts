import { expect } from 'vitest';
import { expectPage, type signedIn } from './app';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

type Client = Awaited<ReturnType<typeof signedIn>>;

/**
 * A team webhook endpoint added through its page (Integrations/Webhooks) as an admin does it, and a
 * local receiver that checks its deliveries with the signing secret the page revealed. The app must
 * allow private URLs (KNOWLEDGE_ALLOW_PRIVATE_URLS): the receiver listens on 127.0.0.1.
 */
export async function addWebhookEndpoint(
  client: Client,
  events: string[],
  options: { description?: string; receivers?: WebhookReceiver[] } = {},
): Promise<{ id: number; receiver: WebhookReceiver; secret: string; path: string }> {
  const description = options.description ?? '';
  const created = await client.send('post', '/integrations/webhooks', {
    url: 'http://127.0.0.1:9/not-yet',
    description,
    events,
  });
  expect(created.status, created.text).toBe(303);
  const path = created.headers.location as string;
  const shown = expectPage(await client.visit(path), 'Integrations/Webhooks/Show').props;
  const secret = (shown.revealed_secret as { value: string }).value;
  const receiver = await startWebhookReceiver({ secret });
  options.receivers?.push(receiver);
  const updated = await client.send('put', path, { url: receiver.url, description, events, enabled: true });
  expect(updated.status, updated.text).toBe(303);
  return { id: Number(path.split('/').at(-1)), receiver, secret, path };
}
