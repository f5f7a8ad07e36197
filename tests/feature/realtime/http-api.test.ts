import { afterEach, describe, expect, it } from 'vitest';
import { signedQuery } from '../../../server/realtime/http-api/signing';
import {
  cleanup,
  pusherClient,
  RawClient,
  sdkFor,
  sleep,
  startRealtime,
  startRealtimeWithAuth,
  subscribed,
  testApp,
  waitFor,
} from './support/harness';

// realtime.md §10 items 50–61: the Pusher HTTP API through the `pusher` SDK (and signed by hand).
afterEach(cleanup);

async function rejected(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    return (error as { status: number }).status;
  }
  throw new Error('the request succeeded');
}

async function signedFetch(port: number, method: string, path: string, body?: string, params = {}, timestamp?: number) {
  const query = signedQuery(testApp, method, path, body, params, timestamp);
  return fetch(`http://127.0.0.1:${port}${path}?${query}`, {
    method,
    body,
    headers: body ? { 'Content-Type': 'application/json' } : {},
  });
}

describe('HTTP API', () => {
  it('answers GET /up', async () => {
    const { port } = await startRealtime();
    const response = await fetch(`http://127.0.0.1:${port}/up`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ health: 'OK' });
  });

  it('50: POST /events signed by the SDK answers 200 {}', async () => {
    const { sdk } = await startRealtime();
    const response = await sdk.trigger('orders', 'ev', { a: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it('51-53: wrong secret, tampered body or query → 401; a timestamp over 600 s old → 401; unknown app → 404', async () => {
    const { port, sdk } = await startRealtime();
    expect(
      await rejected(sdkFor(port, { ...testApp, secret: 'wrong-secret-0123456789' }).trigger('orders', 'ev', {})),
    ).toBe(401);
    expect(await rejected(sdkFor(port, { ...testApp, id: '999' }).trigger('orders', 'ev', {}))).toBe(404);
    expect((await sdk.get({ path: '/channels' })).status).toBe(200);

    const body = JSON.stringify({ name: 'ev', data: '{}', channels: ['orders'] });
    const query = signedQuery(testApp, 'POST', `/apps/${testApp.id}/events`, body);
    const post = (url: string, text: string) =>
      fetch(url, { method: 'POST', body: text, headers: { 'Content-Type': 'application/json' } });
    const url = `http://127.0.0.1:${port}/apps/${testApp.id}/events?${query}`;
    expect((await post(url, body)).status).toBe(200);
    expect((await post(url, body.replace('orders', 'others'))).status).toBe(401);
    expect((await post(`${url}&info=subscription_count`, body)).status).toBe(401);

    const old = Math.floor(Date.now() / 1000) - 601;
    expect((await signedFetch(port, 'GET', `/apps/${testApp.id}/channels`, undefined, {}, old)).status).toBe(401);
    const recent = Math.floor(Date.now() / 1000) - 590;
    expect((await signedFetch(port, 'GET', `/apps/${testApp.id}/channels`, undefined, {}, recent)).status).toBe(200);
  });

  it('54-55: missing name or data → 400, data over 10 KB → 413, nothing delivered', async () => {
    const { port, sdk } = await startRealtime();
    const raw = await RawClient.connect(port);
    raw.send({ event: 'pusher:subscribe', data: { channel: 'orders', auth: '' } });
    await raw.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
    const path = `/apps/${testApp.id}/events`;
    for (const body of [
      { data: '{}', channels: ['orders'] },
      { name: 'ev', channels: ['orders'] },
      { name: 'ev', data: {}, channels: ['orders'] },
    ]) {
      const response = await signedFetch(port, 'POST', path, JSON.stringify(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
    expect(await rejected(sdk.trigger('orders', 'ev', 'x'.repeat(10 * 1024 + 1)))).toBe(413);
    await sleep(150);
    expect(raw.frames.filter((frame) => frame.channel === 'orders' && !frame.event.startsWith('pusher'))).toEqual([]);
  });

  it('56: info=subscription_count and user_count', async () => {
    const { port, sdk, auth } = await startRealtimeWithAuth();
    await subscribed(pusherClient(port, auth), 'c');
    await subscribed(pusherClient(port, auth), 'c');
    const counted = await sdk.trigger('c', 'ev', {}, { info: 'subscription_count' });
    expect(await counted.json()).toEqual({ channels: { c: { subscription_count: 2 } } });
    await subscribed(pusherClient(port, auth, { user: 1 }), 'presence-p');
    await subscribed(pusherClient(port, auth, { user: 1 }), 'presence-p');
    const users = await sdk.trigger('presence-p', 'ev', {}, { info: 'user_count' });
    expect(await users.json()).toEqual({ channels: { 'presence-p': { user_count: 1 } } });
  });

  it('57: triggerBatch delivers in order with per-item socket_id; more than 10 → 400', async () => {
    const { port, sdk } = await startRealtime();
    const excluded = await RawClient.connect(port);
    const listener = await RawClient.connect(port);
    for (const client of [excluded, listener]) {
      for (const channel of ['a', 'b']) client.send({ event: 'pusher:subscribe', data: { channel, auth: '' } });
      await client.waitFor(() => client.events('pusher_internal:subscription_succeeded').length === 2);
    }
    const response = await sdk.triggerBatch([
      { channel: 'a', name: 'one', data: { n: 1 } },
      { channel: 'b', name: 'two', data: { n: 2 }, socket_id: excluded.socketId },
      { channel: 'a', name: 'three', data: { n: 3 } },
    ]);
    expect(await response.json()).toEqual({});
    await waitFor(() => listener.frames.filter((frame) => !frame.event.startsWith('pusher')).length === 3);
    expect(listener.frames.filter((frame) => !frame.event.startsWith('pusher')).map((frame) => frame.event)).toEqual([
      'one',
      'two',
      'three',
    ]);
    await sleep(100);
    expect(excluded.frames.filter((frame) => !frame.event.startsWith('pusher')).map((frame) => frame.event)).toEqual([
      'one',
      'three',
    ]);
    const eleven = Array.from({ length: 11 }, (_, index) => ({ channel: 'a', name: 'x', data: { index } }));
    expect(await rejected(sdk.triggerBatch(eleven))).toBe(400);
  });

  it('58-60: channels lists occupied ones; channel shows occupancy; users of a non-presence channel → 400', async () => {
    const { port, sdk, auth } = await startRealtimeWithAuth();
    const client = pusherClient(port, auth, { user: 3 });
    await subscribed(client, 'orders');
    await subscribed(client, 'presence-room');
    await subscribed(client, 'private-x');
    expect(await (await sdk.get({ path: '/channels' })).json()).toEqual({
      channels: { orders: {}, 'presence-room': {}, 'private-x': {} },
    });
    expect(
      await (
        await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })
      ).json(),
    ).toEqual({
      channels: { 'presence-room': { user_count: 1 } },
    });
    expect(await (await sdk.get({ path: '/channels/orders', params: { info: 'subscription_count' } })).json()).toEqual({
      occupied: true,
      subscription_count: 1,
    });
    expect(await rejected(sdk.get({ path: '/channels/orders/users' }))).toBe(400);
    client.unsubscribe('orders');
    await sleep(150);
    expect(await (await sdk.get({ path: '/channels/orders' })).json()).toEqual({ occupied: false });
    expect(Object.keys((await (await sdk.get({ path: '/channels' })).json()).channels).sort()).toEqual([
      'presence-room',
      'private-x',
    ]);
  });

  it('61: the signature verifies with a comma in info and @,;= in the channel path', async () => {
    const { port, sdk, auth } = await startRealtimeWithAuth();
    const name = 'presence-a@b,c;d=e';
    await subscribed(pusherClient(port, auth, { user: 1 }), name);
    const response = await sdk.get({ path: `/channels/${name}`, params: { info: 'user_count,subscription_count' } });
    expect(await response.json()).toEqual({ occupied: true, user_count: 1, subscription_count: 1 });
    const encoded = await signedFetch(port, 'GET', `/apps/${testApp.id}/channels/${encodeURIComponent(name)}`);
    expect(encoded.status).toBe(200);
  });

  it('refuses a request body over the size limit with 413', async () => {
    const { port } = await startRealtime({ maxRequestSize: 1000 });
    const body = JSON.stringify({ name: 'ev', data: 'x'.repeat(2000), channels: ['a'] });
    const response = await signedFetch(port, 'POST', `/apps/${testApp.id}/events`, body);
    expect(response.status).toBe(413);
  });
});
