import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { createApiToken } from '../../factories/api-tokens';
import { createMember, createOwnedTeam } from '../../factories/teams';
import type { TokenAbility } from '../../../server/domain/teams/roles';

/**
 * The webhook endpoints API, for a tool that subscribes itself: an owner's token adds an endpoint
 * and gets its secret once, with which the endpoint checks the events it then hears; the list
 * never shows the secret; the tool unsubscribes with DELETE. Other roles get a 403, another team's
 * endpoint is a 404, a private address a 422.
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

async function apiAs(teamId: number, user: Parameters<typeof createApiToken>[1], abilities: TokenAbility[]) {
  const { plainText } = await createApiToken(app.services, user, { teamId, abilities });
  return (method: 'get' | 'post' | 'delete', path: string, body?: object) => {
    const agent = request(app.app);
    const req = agent[method](path).set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
    return body ? req.send(body) : req;
  };
}

describe('the webhook endpoints API', () => {
  it('subscribes a tool with its secret once, signs what it then hears with it, lists it and unsubscribes it', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const api = await apiAs(team.id, owner, ['read', 'create', 'update', 'delete']);
    // The tool learns the secret from the answer; its receiver checks with it from the first event.
    const receiver = await startWebhookReceiver({ secret: 'unknown-yet' });
    receivers.push(receiver);

    const created = await api('post', '/api/webhooks', { url: receiver.url, events: ['contact.created'] });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      url: receiver.url,
      description: '',
      events: ['contact.created'],
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);

    expect((await api('post', '/api/contacts', { external_id: 'cust-1', name: 'Rina' })).status).toBe(201);
    await app.services.jobs.drain();
    expect(receiver.deliveries.map((d) => (d.body as { type: string }).type)).toEqual(['contact.created']);
    const [delivery] = receiver.deliveries;
    const checked = await startWebhookReceiver({ secret });
    receivers.push(checked);
    expect(checked.verify(delivery.headers['x-kawan-signature'] as string, delivery.rawBody).verified).toBe(true);

    const listed = await api('get', '/api/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: created.body.id, url: receiver.url })]);
    expect(listed.text).not.toContain(secret);

    expect((await api('delete', `/api/webhooks/${created.body.id}`)).status).toBe(204);
    expect((await api('get', '/api/webhooks')).body.data).toEqual([]);
    expect((await api('delete', `/api/webhooks/${created.body.id}`)).status).toBe(404);
  });

  it("refuses a private address and other roles, and does not reach another team's endpoint", async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const mine = await apiAs(team.id, owner, ['read', 'create', 'delete']);
    const created = await mine('post', '/api/webhooks', {
      url: 'https://93.184.215.14/hook',
      events: ['message.created'],
    });
    expect(created.status).toBe(201);

    // This file's app allows private addresses (its receivers listen on 127.0.0.1); a real server,
    // as the default settings are, does not: the same check the page's form makes.
    const strict = await createTestApp();
    try {
      const made = await createOwnedTeam(strict.services, { current: true });
      const { plainText } = await createApiToken(strict.services, made.owner, {
        teamId: made.team.id,
        abilities: ['create'],
      });
      const local = await request(strict.app)
        .post('/api/webhooks')
        .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' })
        .send({ url: 'http://127.0.0.1:8080/hook', events: ['message.created'] });
      expect(local.status).toBe(422);
      expect(local.body.errors.url[0]).toMatch(/private or local network address/);
    } finally {
      await strict.close();
    }

    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role);
      const theirs = await apiAs(team.id, member, ['read', 'create', 'delete']);
      expect((await theirs('get', '/api/webhooks')).status, role).toBe(403);
      expect(
        (await theirs('post', '/api/webhooks', { url: 'https://93.184.215.14/x', events: ['message.created'] })).status,
        role,
      ).toBe(403);
      expect((await theirs('delete', `/api/webhooks/${created.body.id}`)).status, role).toBe(403);
    }

    const other = await createOwnedTeam(app.services, { current: true });
    const outsider = await apiAs(other.team.id, other.owner, ['read', 'delete']);
    expect((await outsider('delete', `/api/webhooks/${created.body.id}`)).status).toBe(404);
    expect((await outsider('get', '/api/webhooks')).body.data).toEqual([]);
    expect((await mine('get', '/api/webhooks')).body.data).toHaveLength(1);
  });
});
