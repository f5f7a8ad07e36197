import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import type { WebhookReceiver } from '../../helpers/webhook-receiver';
import { addWebhookEndpoint } from '../../helpers/webhook-endpoints';
import { createOwnedTeam } from '../../factories/teams';
import { webhookDeliveries, webhookEndpoints } from '../../../server/db/schema/index';
import { subscribersOf } from '../../../server/db/repositories/webhook-repository';
import { emitWebhookEvent } from '../../../server/domain/webhooks/emit';
import { attemptDelivery, MAX_ATTEMPTS, sweepDeliveries } from '../../../server/domain/webhooks/delivery';
import { readSecret, writeSecret } from '../../../server/domain/webhooks/secrets';
import type { WebhookShowProps } from '../../../server/presenters/webhook-presenter';

/**
 * How a team's webhook events are delivered: signed, retried on the schedule when the endpoint
 * fails in a way that may pass (a 5xx, a 429 with its Retry-After), given up at once when it refuses
 * (a 4xx) or after the last attempt, each attempt in the endpoint's log; "Send test event" and
 * "Resend" from the page; a rolled secret signing beside the old one for a day; an endpoint that
 * failed for days turned off with its reason; deliveries whose job was lost sent by the sweep, and
 * the log pruned after 30 days.
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

async function endpoint(events = ['conversation.resolved']) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const client = await signedIn(app.app, owner);
  const added = await addWebhookEndpoint(client, events, { receivers });
  const deliveries = () =>
    app.services.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, added.id))
      .orderBy(webhookDeliveries.id);
  const row = async () =>
    (await app.services.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, added.id)))[0];
  const emit = (data: object = { conversation: { id: 7, state: 'resolved' } }) =>
    emitWebhookEvent(app.services, team.id, 'conversation.resolved', async () => data);
  const show = async (query = '') =>
    expectPage(await client.visit(`${added.path}${query}`), 'Integrations/Webhooks/Show')
      .props as unknown as WebhookShowProps;
  return { ...added, team, client, deliveries, row, emit, show };
}

describe('webhook deliveries', () => {
  it('are retried on the schedule after a 500 and a 429, with the same body, until the endpoint takes them', async () => {
    const { id, team, receiver, deliveries, row, emit } = await endpoint();
    receiver.respondWith(500, { status: 429, retryAfter: 300 }, 200);
    const heardFrom = app.broadcasts.length;
    await emit();
    const started = Date.now();
    await app.services.jobs.drain();
    // The team's open Webhooks pages hear that this endpoint's log changed (ids only).
    expect(
      app.broadcasts
        .slice(heardFrom)
        .filter((b) => b.event === 'App\\Events\\WebhookChanged')
        .map((b) => [b.channels, b.data]),
    ).toEqual([[[`private-teams.${team.id}`], { team_id: team.id, webhook_id: id }]]);

    let [delivery] = await deliveries();
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 1,
      responseStatus: 500,
      error: 'The endpoint answered 500.',
    });
    const wait = delivery.nextAttemptAt!.getTime() - started;
    expect(wait).toBeGreaterThanOrEqual(27_000);
    expect(wait).toBeLessThan(34_000);
    expect((await row()).failingSince).toBeInstanceOf(Date);

    // The next attempt when it is due (its job waits for then): a 429's Retry-After is honoured.
    await attemptDelivery(app.services, delivery.id);
    [delivery] = await deliveries();
    expect(delivery).toMatchObject({ state: 'pending', attempts: 2, responseStatus: 429 });
    expect(delivery.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(290_000);

    await attemptDelivery(app.services, delivery.id);
    [delivery] = await deliveries();
    expect(delivery).toMatchObject({
      state: 'delivered',
      attempts: 3,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    expect(delivery.deliveredAt).toBeInstanceOf(Date);
    expect((await row()).failingSince).toBeNull();

    // The same event each time: one id, the same bytes, each signed anew.
    expect(receiver.deliveries).toHaveLength(3);
    expect(new Set(receiver.deliveries.map((d) => d.rawBody)).size).toBe(1);
    expect(new Set(receiver.deliveries.map((d) => d.headers['x-kawan-event-id'])).size).toBe(1);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    // Nothing left to run: a delivered event is not sent again by a late job.
    await attemptDelivery(app.services, delivery.id);
    expect(receiver.deliveries).toHaveLength(3);
  });

  it('are given up at once on a refusal, and after the last attempt', async () => {
    const { receiver, deliveries, emit, show } = await endpoint();
    receiver.respondWith(410);
    await emit();
    await app.services.jobs.drain();
    expect((await deliveries())[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      responseStatus: 410,
      nextAttemptAt: null,
    });

    receiver.respondWith(503);
    await emit();
    await app.services.jobs.drain();
    const last = (await deliveries())[1];
    await app.services.db
      .update(webhookDeliveries)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(webhookDeliveries.id, last.id));
    receiver.respondWith(503);
    await attemptDelivery(app.services, last.id);
    expect((await deliveries())[1]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, responseStatus: 503 });

    // The log says so, newest first, with its filter.
    const page = await show();
    expect(page.deliveries.data.map((d) => [d.state, d.attempts, d.max_attempts, d.response_status])).toEqual([
      ['failed', MAX_ATTEMPTS, MAX_ATTEMPTS, 503],
      ['failed', 1, MAX_ATTEMPTS, 410],
    ]);
    expect(page.deliveries.data[1]).toMatchObject({
      type: 'conversation.resolved',
      error: 'The endpoint answered 410.',
    });
    expect(page.deliveries.data[1].payload).toMatchObject({
      type: 'conversation.resolved',
      data: { conversation: { id: 7 } },
    });
    expect(page.endpoint.recent).toEqual({ delivered: 0, failed: 2, pending: 0 });
    expect(page.endpoint.last_delivery).toMatchObject({ state: 'failed', response_status: 503 });
    expect((await show('?state=delivered')).deliveries.data).toEqual([]);
    expect((await show('?state=failed')).filters).toEqual({ state: 'failed' });
  });

  it('turn off an endpoint that failed every event for three days, with the reason, until someone turns it on', async () => {
    const { id, receiver, team, deliveries, row, emit, show } = await endpoint();
    await app.services.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 4 * 24 * 60 * 60_000) })
      .where(eq(webhookEndpoints.id, id));
    receiver.respondWith(404);
    await emit();
    await app.services.jobs.drain();
    expect(await row()).toMatchObject({ enabled: false });
    expect((await row()).disabledReason).toMatch(
      /^Kawan turned it off: every event since \d{4}-\d{2}-\d{2} failed \(the last: the endpoint answered 404\.\)$/,
    );
    expect((await show()).endpoint).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringMatching(/^Kawan turned it off/),
    });
    expect(await subscribersOf(app.services.db, team.id)).toEqual([]);

    // Events from now on are not queued for it.
    await emit();
    expect(await deliveries()).toHaveLength(1);
  });

  it('are sent from the page: a test event, and an event again', async () => {
    const { receiver, client, path, deliveries, emit, show } = await endpoint();
    expectRedirect(await client.send('post', `${path}/test`), path);
    const tested = await client.visit(path);
    expect(tested.text).toMatch(/The test event was delivered: the endpoint answered 200 in \d+ ms\./);
    expect(receiver.deliveries[0].body).toMatchObject({
      type: 'ping',
      data: { endpoint: { url: receiver.url }, message: expect.stringMatching(/test event/) },
    });
    expect(receiver.deliveries[0].verified).toBe(true);
    expect((await show()).deliveries.data[0]).toMatchObject({ type: 'ping', state: 'delivered', attempts: 1 });

    // A failing test is one attempt, told on the page.
    receiver.respondWith(500);
    expectRedirect(await client.send('post', `${path}/test`), path);
    expect((await client.visit(path)).text).toContain('The test event failed. The endpoint answered 500.');
    expect((await deliveries()).at(-1)).toMatchObject({ type: 'ping', state: 'failed', attempts: 1 });

    // A failed event sent again: the same id and body; then it is delivered.
    receiver.respondWith(400);
    await emit();
    await app.services.jobs.drain();
    const failed = (await deliveries()).at(-1)!;
    expect(failed.state).toBe('failed');
    const referer = `${app.services.config.app.url}${path}?state=failed`;
    const resent = await client.send('post', `${path}/deliveries/${failed.id}/resend`, {}, { Referer: referer });
    expectRedirect(resent, referer);
    expect((await deliveries()).at(-1)).toMatchObject({
      id: failed.id,
      state: 'delivered',
      attempts: 2,
      responseStatus: 200,
    });
    const [before, after] = receiver.deliveries.slice(-2);
    expect(after.rawBody).toBe(before.rawBody);

    // One still being delivered is not resent beside its schedule; another endpoint's delivery is a 404.
    receiver.respondWith(500);
    await emit();
    await app.services.jobs.drain();
    const pending = (await deliveries()).at(-1)!;
    expect(pending.state).toBe('pending');
    const refused = await client.send(
      'post',
      `${path}/deliveries/${pending.id}/resend`,
      {},
      { Referer: `${app.services.config.app.url}${path}` },
    );
    expect(refused.status).toBe(303);
    expect(expectPage(await client.visit(path), 'Integrations/Webhooks/Show').props.errors).toEqual({
      delivery: 'This event is still being delivered; its next attempt is scheduled.',
    });
    const other = await endpoint();
    expect((await other.client.send('post', `${other.path}/deliveries/${pending.id}/resend`)).status).toBe(404);
  });

  it('are sent from the page at most 20 a minute per person, then a 429 with the wait', async () => {
    const { receiver, client, path } = await endpoint();
    for (let n = 0; n < 20; n += 1) expectRedirect(await client.send('post', `${path}/test`), path);
    const refused = await client.send('post', `${path}/test`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(receiver.deliveries).toHaveLength(20);
  });

  it('are signed with the old secret beside the new one for a day after the secret is rolled', async () => {
    const { id, receiver, client, path, secret, row, emit, show } = await endpoint();
    expectRedirect(await client.send('post', `${path}/secret`), path);
    const page = await show();
    const rolled = page.revealed_secret!.value;
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(secret);
    expect(page.endpoint.previous_secret_until).not.toBeNull();

    await emit();
    await app.services.jobs.drain();
    const signed = receiver.deliveries.at(-1)!;
    const header = signed.headers['x-kawan-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    // The receiver still holds the old secret: it verifies. One holding the new one does too.
    expect(signed.verified).toBe(true);
    const stored = readSecret(app.services.encrypter, (await row()).secret);
    expect(stored).toMatchObject({ current: rolled, previous: secret });

    // A day later, only the new one signs.
    await app.services.db
      .update(webhookEndpoints)
      .set({
        secret: writeSecret(app.services.encrypter, {
          ...stored,
          previousUntil: new Date(Date.now() - 1000).toISOString(),
        }),
      })
      .where(eq(webhookEndpoints.id, id));
    await emit();
    await app.services.jobs.drain();
    const later = receiver.deliveries.at(-1)!;
    expect((later.headers['x-kawan-signature'] as string).match(/v1=/g)).toHaveLength(1);
    expect(later.verified).toBe(false);
    expect((await show()).endpoint.previous_secret_until).toBeNull();
  });

  it('whose job was lost are sent by the sweep, and the log keeps 30 days', async () => {
    const { receiver, deliveries, emit } = await endpoint();
    receiver.respondWith(500);
    await emit();
    await app.services.jobs.drain();
    const [lost] = await deliveries();
    // Its retry's job never ran (a process stopped): overdue by five minutes, held by nobody.
    await app.services.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(webhookDeliveries.id, lost.id));
    // One a run holds right now is left alone.
    await emit();
    await app.services.jobs.drain();
    const [, held] = await deliveries();
    await app.services.db
      .update(webhookDeliveries)
      .set({
        state: 'pending',
        nextAttemptAt: new Date(Date.now() - 5 * 60_000),
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .where(eq(webhookDeliveries.id, held.id));
    // And one of 31 days ago is pruned.
    await app.services.db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60_000) })
      .where(eq(webhookDeliveries.id, held.id));
    const before = receiver.deliveries.length;

    const swept = await sweepDeliveries(app.services);
    expect(swept.queued).toBeGreaterThanOrEqual(1);
    expect(swept.pruned).toBeGreaterThanOrEqual(1);
    await app.services.jobs.drain();
    const rows = await deliveries();
    expect(rows.map((row) => [row.id, row.state])).toEqual([[lost.id, 'delivered']]);
    expect(receiver.deliveries.length).toBe(before + 1);
  });
});
