import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOwnedTeam } from '../../factories/teams';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { limiterDefinitions } from '../../../server/http/limiters';
import type { SessionResponse } from '../../../server/channels/web/protocol';

/**
 * The chat widget's rate limits (server/http/limiters.ts) through real HTTP: messages per visitor
 * and per IP, sessions per IP, each channel on its own. A refusal is a 429 the widget can read
 * across origins (CORS, Retry-After exposed) saying the wait in words and as `retry_after`, and
 * the refused message is not stored. Requests come from several IPs through X-Forwarded-For (the
 * app trusts its loopback proxy).
 */
const site = 'https://shop.example.com';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function webChannel() {
  const { team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, {
    type: 'web',
    name: 'Website',
    settings: { allowedDomains: ['shop.example.com'] },
  });
  const call = (method: 'get' | 'post', path: string, ip: string, token?: string) => {
    const url = `/widget/${channel.publicKey}/${path}`;
    const req = request(app.app)[method](url).set({ Origin: site, Accept: 'application/json', 'X-Forwarded-For': ip });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const session = async (ip: string) => {
    const res = await call('post', 'session', ip).send({});
    expect(res.status, res.text).toBe(200);
    return res.body as SessionResponse;
  };
  const send = (ip: string, token: string, text: string) =>
    call('post', 'messages', ip, token).send({ text, clientId: randomUUID() });
  /** Every message the visitors wrote on this channel, oldest first. */
  const stored = async () => {
    const conversations = conversationRepository(app.services.db, team.id);
    const { items } = await conversations.page({}, { page: 1, perPage: 50 });
    const texts: string[] = [];
    for (const conversation of items) {
      const messages = await conversations.messages(conversation.id, { limit: 100 });
      texts.push(...messages.filter((m) => m.sender === 'contact').map((m) => m.text));
    }
    return texts;
  };
  return { channel, call, session, send, stored };
}

/** A 429 as the widget reads it: the wait in words, in the body and in an exposed header. */
function expectThrottled(res: request.Response, limit: number) {
  expect(res.status, res.text).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
  expect(res.body).toEqual({
    message: `Too many requests. Please try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
    retry_after: wait,
  });
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(res.headers['access-control-allow-origin']).toBe(site);
  expect(res.headers['access-control-expose-headers']).toContain('Retry-After');
}

describe('widget rate limits', () => {
  it('are the documented numbers', () => {
    expect(limiterDefinitions['widget-messages']).toMatchObject({ points: 20, duration: 60 });
    expect(limiterDefinitions['widget-messages-ip']).toMatchObject({ points: 60, duration: 60 });
    expect(limiterDefinitions['widget-session']).toMatchObject({ points: 30, duration: 60 });
    expect(limiterDefinitions.widget).toMatchObject({ points: 600, duration: 60 });
  });

  it('takes 20 messages a minute from a visitor, refuses the 21st without storing it; others still write', async () => {
    const { session, send, stored } = await webChannel();
    const ip = '198.51.100.10';
    const ayu = await session(ip);
    for (let i = 1; i <= 20; i++) {
      const res = await send(ip, ayu.token, `Pesan ${i}`);
      expect(res.status, `message ${i}: ${res.text}`).toBe(202);
    }
    const refused = await send(ip, ayu.token, 'Pesan 21 yang ditolak');
    expectThrottled(refused, 20);

    // Another visitor on the same IP, and the same visitor's channel from elsewhere, are not affected.
    const budi = await session(ip);
    expect((await send(ip, budi.token, 'Halo dari Budi')).status).toBe(202);
    const other = await webChannel();
    const elsewhere = await other.session(ip);
    expect((await other.send(ip, elsewhere.token, 'Halo')).status).toBe(202);

    const texts = await stored();
    expect(texts).toHaveLength(21);
    expect(texts).toContain('Halo dari Budi');
    expect(texts).not.toContain('Pesan 21 yang ditolak');
  });

  it('takes 60 messages a minute from one IP whatever visitor ids it presents; another IP is not affected', async () => {
    const { session, send, stored } = await webChannel();
    const ip = '198.51.100.20';
    for (let visitor = 0; visitor < 3; visitor++) {
      const { token } = await session(ip);
      for (let i = 1; i <= 20; i++) expect((await send(ip, token, `Visitor ${visitor} #${i}`)).status).toBe(202);
    }
    const fourth = await session(ip);
    expectThrottled(await send(ip, fourth.token, 'Dari IP yang sama'), 60);

    const away = await session('198.51.100.21');
    expect((await send('198.51.100.21', away.token, 'Dari IP lain')).status).toBe(202);
    const texts = await stored();
    expect(texts).toHaveLength(61);
    expect(texts).not.toContain('Dari IP yang sama');
    expect(texts).toContain('Dari IP lain');
  });

  it('opens 30 sessions a minute per IP, then 429; another IP still opens one', async () => {
    const { call } = await webChannel();
    const ip = '198.51.100.30';
    for (let i = 1; i <= 30; i++) {
      const res = await call('post', 'session', ip).send({});
      expect(res.status, `session ${i}`).toBe(200);
    }
    expectThrottled(await call('post', 'session', ip).send({}), 30);
    expect((await call('post', 'session', '198.51.100.31').send({})).status).toBe(200);
    // The other endpoints count on their own.
    expect((await call('get', 'config', ip)).status).toBe(200);
  });

  it('limits the other calls more loosely, per IP', async () => {
    const { call } = await webChannel();
    const ip = '198.51.100.40';
    for (let batch = 0; batch < 12; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => call('get', 'config', ip)));
      expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
    }
    expectThrottled(await call('get', 'config', ip), 600);
    expect((await call('get', 'config', '198.51.100.41')).status).toBe(200);
  });
});
