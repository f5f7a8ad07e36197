import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOwnedTeam } from '../../factories/teams';
import { createChannel } from '../../factories/channels';
import { channelRepository } from '../../../server/db/repositories/channel-repository';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { signatureHeader } from '../../../server/channels/webhook/signature';
import { limiterDefinitions } from '../../../server/http/limiters';

/**
 * The channel webhooks' rate limit: each channel's deliveries count on their own, past the limit
 * a provider gets 429 with Retry-After (and tries again later) and nothing is stored. This app
 * lowers the limit to 5 a minute so that the test stays short; the real number is checked below.
 */
const signingSecret = 'whsec_kawan_rate_limit_7c21';
const limit = 5;

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ limits: { webhooks: { points: limit } } });
});
afterAll(async () => {
  await app.close();
});

async function customChannel() {
  const { team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, {
    type: 'webhook',
    settings: { outboundUrl: 'https://hooks.example.com/kawan' },
    secrets: { signingSecret },
  });
  const deliver = (id: string, text: string) => {
    const body = JSON.stringify({ message: { id, text, user: { id: 'cust-7', name: 'Sari' } } });
    return request(app.app)
      .post(`/webhooks/custom/${channel.publicKey}`)
      .set({
        'Content-Type': 'application/json',
        'X-Kawan-Signature': signatureHeader(signingSecret, body, Math.floor(Date.now() / 1000)),
      })
      .send(body);
  };
  const stored = async () => {
    const conversations = conversationRepository(app.services.db, team.id);
    const { items } = await conversations.page({}, { page: 1, perPage: 10 });
    const messages = await Promise.all(items.map((item) => conversations.messages(item.id, { limit: 50 })));
    return messages.flat().map((message) => message.externalId);
  };
  const events = async () =>
    (await channelRepository(app.services.db, team.id).events(channel.id, { page: 1, perPage: 50 })).items;
  return { channel, deliver, stored, events };
}

describe('webhook rate limit', () => {
  it('is generous: 18 000 a minute per channel, past the pipeline benchmark’s 200 a second', () => {
    const webhooks = limiterDefinitions.webhooks;
    expect(webhooks).toMatchObject({ points: 18_000, duration: 60 });
    expect((webhooks.points / webhooks.duration) * 60).toBeGreaterThan(200 * 60);
  });

  it('answers 429 with Retry-After past the limit, stores nothing of it, and leaves other channels alone', async () => {
    const busy = await customChannel();
    for (let i = 1; i <= limit; i++) {
      const res = await busy.deliver(`ord-${i}`, `Pesanan ${i}`);
      expect(res.status, res.text).toBe(200);
    }
    const refused = await busy.deliver('ord-flood', 'Satu lagi');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toEqual({
      message: `Too many requests. Please try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
      retry_after: wait,
    });

    const calm = await customChannel();
    expect((await calm.deliver('ord-1', 'Halo')).status).toBe(200);

    await app.services.jobs.drain();
    expect((await busy.stored()).sort()).toEqual(['ord-1', 'ord-2', 'ord-3', 'ord-4', 'ord-5']);
    expect(await busy.events()).toHaveLength(limit);
    expect(await calm.stored()).toEqual(['ord-1']);
  });
});
