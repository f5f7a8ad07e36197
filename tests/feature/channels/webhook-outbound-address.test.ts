import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { channelRepository } from '../../../server/db/repositories/channel-repository';
import { signatureHeader } from '../../../server/channels/webhook/signature';

/**
 * The webhook channel's outbound URL is checked again at each delivery, not only when it was saved
 * (DNS can change since). This app does not allow private URLs (KNOWLEDGE_ALLOW_PRIVATE_URLS=false,
 * as in production); the channels are written straight to the database, as if their URL had
 * resolved to a public address when saved, and now point at the local receiver: the reply is
 * refused once and for all (no retry), the receiver hears nothing, and the reason is in the
 * channel's event log, its health and the message.
 */
const signingSecret = 'whsec_kawan_outbound_check_5e1';

let app: TestApp;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0', KNOWLEDGE_ALLOW_PRIVATE_URLS: 'false' } });
});
afterAll(async () => {
  await app.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function webhookChannel(outboundUrl: (receiver: WebhookReceiver) => string) {
  const receiver = await startWebhookReceiver({ secret: signingSecret });
  receivers.push(receiver);
  const { team, client, botId } = await cafeBot(app);
  expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, team.id, {
    type: 'webhook',
    botId,
    settings: { outboundUrl: outboundUrl(receiver) },
    secrets: { signingSecret },
  });
  const deliver = (id: string, text: string) => {
    const body = JSON.stringify({ message: { id, text, user: { id: 'cust-42', name: 'Ayu Lestari' } } });
    return request(app.app)
      .post(`/webhooks/custom/${channel.publicKey}`)
      .set({
        'Content-Type': 'application/json',
        'X-Kawan-Signature': signatureHeader(signingSecret, body, Math.floor(Date.now() / 1000)),
      })
      .send(body);
  };
  return { team, client, channel, receiver, deliver };
}

/** Send jobs of the message still waiting to run (a retry would be one). */
async function pendingSends(messageId: number) {
  const { rows } = await app.services.database.execute(
    `select id from pgboss.job where name = 'channel.send' and state in ('created', 'retry')
      and (data->>'messageId')::int = $1`,
    [messageId],
  );
  return rows;
}

describe('the webhook channel: its outbound URL checked at delivery', () => {
  it('refuses a host resolving to 127.0.0.1 for good, without retrying, and logs why', async () => {
    const { team, client, channel, receiver, deliver } = await webhookChannel(
      (receiver) => `http://localhost:${new URL(receiver.url).port}/hooks/kawan`,
    );
    expect((await deliver('ord-3001', 'Outlet Kemang buka jam berapa?')).status).toBe(200);
    await app.services.jobs.drain();

    const conversations = conversationRepository(app.services.db, team.id);
    const [conversation] = (await conversations.page({}, { page: 1, perPage: 10 })).items;
    const reply = (await conversations.messages(conversation.id, { limit: 10 })).find((m) => m.sender === 'bot')!;
    expect(reply).toMatchObject({ status: 'failed', attempts: 1, sentAt: null, error: { code: 'private_address' } });
    const reason = (reply.error as { message: string }).message;
    expect(reason).toMatch(/^the outbound URL resolves to a private address \((127\.0\.0\.1|::1)\)$/);
    expect(receiver.deliveries).toHaveLength(0);
    expect(await pendingSends(reply.id)).toEqual([]);

    const events = await channelRepository(app.services.db, team.id).events(channel.id, { page: 1, perPage: 10 });
    const outbound = events.items.filter((item) => item.direction === 'outbound');
    expect(outbound).toHaveLength(1);
    expect(outbound[0]).toMatchObject({ status: 'failed', messageId: reply.id, error: reason });
    expect(outbound[0].attempts).toHaveLength(1);
    expect(outbound[0].attempts[0]).toMatchObject({ ok: false, detail: reason });

    // The channel's page shows it like any failed delivery: its health and the event's error.
    const page = expectPage(await client.visit(`/channels/${channel.id}`), 'Channels/Show');
    const props = page.props as unknown as {
      channel: { health: string; health_detail: string; last_error: string };
      events: { data: Array<{ direction: string; status: string; error: string | null }> };
    };
    expect(props.channel).toMatchObject({ health: 'error', last_error: `Sending failed: ${reason}` });
    expect(props.events.data.find((event) => event.direction === 'outbound')).toMatchObject({
      status: 'failed',
      error: reason,
    });

    // Nothing was left to try: draining again sends nothing.
    await app.services.jobs.drain();
    expect(receiver.deliveries).toHaveLength(0);
    expect(await conversations.message(reply.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('refuses a literal private address the same way', async () => {
    const { team, receiver, deliver } = await webhookChannel((receiver) => receiver.url);
    expect((await deliver('ord-3002', 'Bisa bayar pakai QRIS?')).status).toBe(200);
    await app.services.jobs.drain();

    const conversations = conversationRepository(app.services.db, team.id);
    const [conversation] = (await conversations.page({}, { page: 1, perPage: 10 })).items;
    const reply = (await conversations.messages(conversation.id, { limit: 10 })).find((m) => m.sender === 'bot')!;
    expect(reply).toMatchObject({
      status: 'failed',
      error: { code: 'private_address', message: 'the outbound URL is a private address (127.0.0.1)' },
    });
    expect(await pendingSends(reply.id)).toEqual([]);
    expect(receiver.deliveries).toHaveLength(0);
  });
});
