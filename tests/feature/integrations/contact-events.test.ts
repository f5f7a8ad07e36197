import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import type { WebhookReceiver } from '../../helpers/webhook-receiver';
import { addWebhookEndpoint } from '../../helpers/webhook-endpoints';
import { createApiToken } from '../../factories/api-tokens';
import { createChannel, createConversation } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';
import { webhookDeliveries } from '../../../server/db/schema/index';
import { webhookSchemaOf } from '../../../server/http/openapi/webhooks';
import type { SessionResponse } from '../../../server/channels/web/protocol';

/**
 * The team's webhook endpoints hear its contacts: a new person writing (once), a contact added by
 * hand or through the API, changed on their page, beside a conversation or through the API,
 * merged (the kept one changed, the other gone into it) and erased at their request (only their
 * ids go out, and no delivery that carried them stays in the log).
 */
let app: TestApp;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0', KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true' } });
});
afterAll(async () => {
  await app.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

const contactEvents = ['contact.created', 'contact.updated', 'contact.deleted'];

type Event = { id: string; type: string; data: { contact: Record<string, unknown>; merged_into?: number | null } };

async function newTeam() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const client = await signedIn(app.app, owner);
  const endpoint = await addWebhookEndpoint(client, contactEvents, { receivers });
  const heard = async () => {
    await app.services.jobs.drain();
    const events = endpoint.receiver.deliveries.map((delivery) => delivery.body as Event);
    endpoint.receiver.deliveries.length = 0;
    for (const event of events) expect(webhookSchemaOf(event.type).safeParse(event).success, event.type).toBe(true);
    return events.map((event) => [event.type, event.data.contact.id, event.data.contact.name ?? null]);
  };
  return { owner, team, client, endpoint, heard };
}

describe('contact webhook events', () => {
  it('tell a new person writing once, and a contact added by hand or through the API', async () => {
    const { owner, team, client, heard } = await newTeam();
    const web = await createChannel(app.services, team.id, {
      type: 'web',
      settings: { allowedDomains: ['shop.example.com'] },
    });
    const call = (path: string, token?: string) => {
      const req = request(app.app)
        .post(`/widget/${web.publicKey}/${path}`)
        .set({ Origin: 'https://shop.example.com', Accept: 'application/json' });
      return token ? req.set('Authorization', `Bearer ${token}`) : req;
    };
    const session = (await call('session').send({})).body as SessionResponse;
    for (const text of ['Halo', 'Ada promo?']) {
      expect((await call('messages', session.token).send({ text, clientId: randomUUID() })).status).toBe(202);
      await app.services.jobs.drain();
    }
    const [[type, visitorId]] = await heard().then((events) => {
      expect(events).toHaveLength(1);
      return events;
    });
    expect(type).toBe('contact.created');
    expect(visitorId).toEqual(expect.any(Number));

    expect((await client.send('post', '/contacts', { name: 'Budi', phone: '081234567801' })).status).toBe(303);
    const [[added, budiId, budi]] = await heard();
    expect([added, budi]).toEqual(['contact.created', 'Budi']);

    const { plainText } = await createApiToken(app.services, owner, {
      teamId: team.id,
      abilities: ['create', 'update'],
    });
    const identify = (body: object) =>
      request(app.app)
        .post('/api/contacts')
        .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' })
        .send(body);
    expect((await identify({ external_id: 'cust-9', name: 'Sari' })).status).toBe(201);
    expect((await identify({ external_id: 'cust-9', name: 'Sari Dewi' })).status).toBe(200);
    const events = await heard();
    expect(events.map(([kind, , name]) => [kind, name])).toEqual([
      ['contact.created', 'Sari'],
      ['contact.updated', 'Sari Dewi'],
    ]);
    expect(events[0][1]).not.toBe(budiId);
  });

  it('tell a contact changed on their page or beside a conversation, merged, and erased', async () => {
    const { team, client, heard } = await newTeam();
    const web = await createChannel(app.services, team.id, { type: 'web' });
    const first = await createConversation(app.services, web, { text: 'Halo' });
    const second = await createConversation(app.services, web, { text: 'Halo lagi' });
    await heard();

    expect(
      (await client.send('put', `/contacts/${first.contact.id}`, { name: 'Rina', email: 'rina@example.com' })).status,
    ).toBe(303);
    expect(
      (
        await client.send('put', `/conversations/${second.conversation.id}/contact`, {
          name: 'Rina W',
          phone: '081234567802',
        })
      ).status,
    ).toBe(303);
    expect(await heard()).toEqual([
      ['contact.updated', first.contact.id, 'Rina'],
      ['contact.updated', second.contact.id, 'Rina W'],
    ]);

    expect(
      (await client.send('post', `/contacts/${first.contact.id}/merge`, { contact_id: second.contact.id })).status,
    ).toBe(303);
    await app.services.jobs.drain();
    const merged = (
      await app.services.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.teamId, team.id))
        .orderBy(webhookDeliveries.id)
    )
      .map((row) => row.payload as Event)
      .slice(-2);
    expect(merged.map((event) => [event.type, event.data.contact.id, event.data.merged_into ?? null])).toEqual([
      ['contact.updated', first.contact.id, null],
      ['contact.deleted', second.contact.id, first.contact.id],
    ]);
    expect(merged[1].data.contact).toEqual({ id: second.contact.id, external_id: null });
    await heard();

    // Erased: the team's system hears who, and the log keeps nothing that carried them.
    expect((await client.send('delete', `/contacts/${first.contact.id}`)).status).toBe(303);
    expect(await heard()).toEqual([['contact.deleted', first.contact.id, null]]);
    const left = await app.services.db
      .select({ type: webhookDeliveries.type, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.teamId, team.id)));
    const naming = left.filter((row) => (row.payload as Event).data?.contact?.id === first.contact.id);
    expect(naming.map((row) => row.type)).toEqual(['contact.deleted']);
    expect(JSON.stringify(left)).not.toContain('rina@example.com');
  });
});
