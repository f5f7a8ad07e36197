import { describe, expect, it } from 'vitest';
import { resolveApp } from '../../../server/realtime/apps';
import { handleApiRequest, type ApiBackend } from '../../../server/realtime/http-api/api';
import { signedQuery } from '../../../server/realtime/http-api/signing';
import type { ChannelCounts } from '../../../server/realtime/protocol/ports';

const app = resolveApp({ id: '7', key: 'api-key', secret: 'api-secret-0123456789' });
const now = 1_700_000_000_000;

function backend(overrides: Partial<ApiBackend> = {}) {
  const published: { channels: string[]; event: string; data: string; except?: string }[] = [];
  const counts = new Map<string, ChannelCounts>([
    ['orders', { subscriptionCount: 2 }],
    ['presence-room', { subscriptionCount: 3, userCount: 2 }],
    ['#server-to-user-1', { subscriptionCount: 1 }],
  ]);
  const api: ApiBackend = {
    app: (id) => (id === app.id ? app : undefined),
    publish: async (_appId, channels, event, data, except) => {
      published.push({ channels, event, data, except });
    },
    channels: async () => counts,
    channel: async (_appId, channel) => counts.get(channel) ?? { subscriptionCount: 0 },
    members: async (_appId, channel) => (channel === 'presence-room' ? [{ user_id: 1 }, { user_id: 'b' }] : []),
    cache: async () => undefined,
    terminate: async () => {},
    connections: async () => 5,
    healthy: () => true,
    ...overrides,
  };
  return { api, published };
}

async function call(
  api: ApiBackend,
  method: string,
  path: string,
  body?: unknown,
  params: Record<string, string> = {},
) {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const query = signedQuery(app, method, path, text, params, Math.floor(now / 1000));
  return handleApiRequest({ method, url: `${path}?${query}`, body: Buffer.from(text ?? '') }, api, {
    timestampWindow: 600,
    now: () => now,
  });
}

describe('HTTP API', () => {
  it('answers /up without a signature', async () => {
    const { api } = backend();
    expect(
      await handleApiRequest({ method: 'GET', url: '/up', body: Buffer.alloc(0) }, api, { timestampWindow: 600 }),
    ).toEqual({
      status: 200,
      body: { health: 'OK' },
    });
    const down = backend({ healthy: () => false }).api;
    expect(
      (await handleApiRequest({ method: 'GET', url: '/up', body: Buffer.alloc(0) }, down, { timestampWindow: 600 }))
        .status,
    ).toBe(503);
  });

  it('publishes events with socket_id exclusion and info', async () => {
    const { api, published } = backend();
    const answer = await call(api, 'POST', '/apps/7/events', {
      name: 'ev',
      data: '{"a":1}',
      channels: ['orders', 'presence-room'],
      socket_id: '1.2',
      info: 'user_count,subscription_count',
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        channels: {
          orders: { subscription_count: 2 },
          'presence-room': { user_count: 2, subscription_count: 3 },
        },
      },
    });
    expect(published).toEqual([{ channels: ['orders', 'presence-room'], event: 'ev', data: '{"a":1}', except: '1.2' }]);
    expect(await call(api, 'POST', '/apps/7/events', { name: 'ev', data: 'x', channel: 'orders' })).toEqual({
      status: 200,
      body: {},
    });
  });

  it('refuses bad events with 400 or 413 and publishes nothing', async () => {
    const { api, published } = backend();
    const bad = [
      { data: '1', channels: ['a'] },
      { name: 'e', channels: ['a'] },
      { name: 'e', data: { a: 1 }, channels: ['a'] },
      { name: 'e', data: '1' },
      { name: 'e', data: '1', channels: [] },
      { name: 'e', data: '1', channels: ['bad name'] },
      { name: 'e', data: '1', channels: Array.from({ length: 101 }, (_, i) => `c${i}`) },
      { name: 'e', data: '1', channels: ['a'], socket_id: 'nope' },
      { name: 'e'.repeat(201), data: '1', channels: ['a'] },
    ];
    for (const body of bad) expect((await call(api, 'POST', '/apps/7/events', body)).status).toBe(400);
    expect((await call(api, 'POST', '/apps/7/events', 'not json')).status).toBe(400);
    expect(
      (await call(api, 'POST', '/apps/7/events', { name: 'e', data: 'x'.repeat(10_241), channels: ['a'] })).status,
    ).toBe(413);
    expect(published).toEqual([]);
  });

  it('publishes batches in order, at most 10, all or nothing', async () => {
    const { api, published } = backend();
    const batch = [
      { name: 'one', channel: 'a', data: '1' },
      { name: 'two', channel: 'b', data: '2', socket_id: '3.4' },
    ];
    expect(await call(api, 'POST', '/apps/7/batch_events', { batch })).toEqual({ status: 200, body: {} });
    expect(published.map((event) => [event.event, event.except])).toEqual([
      ['one', undefined],
      ['two', '3.4'],
    ]);
    const eleven = Array.from({ length: 11 }, () => ({ name: 'x', channel: 'a', data: '1' }));
    expect((await call(api, 'POST', '/apps/7/batch_events', { batch: eleven })).status).toBe(400);
    expect(
      (await call(api, 'POST', '/apps/7/batch_events', { batch: [batch[0], { name: 'x', data: '1' }] })).status,
    ).toBe(400);
    expect(published).toHaveLength(2);
    const withInfo = await call(api, 'POST', '/apps/7/batch_events', {
      batch: [{ name: 'x', channel: 'orders', data: '1', info: 'subscription_count' }, batch[0]],
    });
    expect(withInfo.body).toEqual({ batch: [{ subscription_count: 2 }, {}] });
  });

  it('lists occupied channels, filters by prefix, and requires presence- for user_count', async () => {
    const { api } = backend();
    expect((await call(api, 'GET', '/apps/7/channels')).body).toEqual({
      channels: { orders: {}, 'presence-room': {} },
    });
    expect(
      (await call(api, 'GET', '/apps/7/channels', undefined, { filter_by_prefix: 'presence-', info: 'user_count' }))
        .body,
    ).toEqual({
      channels: { 'presence-room': { user_count: 2 } },
    });
    expect((await call(api, 'GET', '/apps/7/channels', undefined, { info: 'user_count' })).status).toBe(400);
  });

  it('shows a channel and its users', async () => {
    const { api } = backend();
    expect((await call(api, 'GET', '/apps/7/channels/orders', undefined, { info: 'subscription_count' })).body).toEqual(
      {
        occupied: true,
        subscription_count: 2,
      },
    );
    expect((await call(api, 'GET', '/apps/7/channels/empty')).body).toEqual({ occupied: false });
    expect((await call(api, 'GET', '/apps/7/channels/presence-room/users')).body).toEqual({
      users: [{ id: 1 }, { id: 'b' }],
    });
    expect((await call(api, 'GET', '/apps/7/channels/presence-empty/users')).body).toEqual({ users: [] });
    expect((await call(api, 'GET', '/apps/7/channels/orders/users')).status).toBe(400);
  });

  it('terminates user connections and counts connections', async () => {
    const terminated: string[] = [];
    const { api } = backend({ terminate: async (_app, user) => void terminated.push(user) });
    expect(await call(api, 'POST', '/apps/7/users/u-1/terminate_connections', {})).toEqual({ status: 200, body: {} });
    expect(terminated).toEqual(['u-1']);
    expect((await call(api, 'GET', '/apps/7/connections')).body).toEqual({ connections: 5 });
  });

  it('answers 404 for unknown apps and routes, 401 for bad signatures', async () => {
    const { api } = backend();
    expect((await call(api, 'GET', '/apps/8/channels')).status).toBe(404);
    expect((await call(api, 'GET', '/apps/7/nothing')).status).toBe(404);
    expect(
      (
        await handleApiRequest({ method: 'GET', url: '/apps/7/channels', body: Buffer.alloc(0) }, api, {
          timestampWindow: 600,
        })
      ).status,
    ).toBe(401);
    const stale = signedQuery(app, 'GET', '/apps/7/channels', undefined, {}, Math.floor(now / 1000) - 601);
    const answer = await handleApiRequest(
      { method: 'GET', url: `/apps/7/channels?${stale}`, body: Buffer.alloc(0) },
      api,
      {
        timestampWindow: 600,
        now: () => now,
      },
    );
    expect(answer.status).toBe(401);
  });
});
