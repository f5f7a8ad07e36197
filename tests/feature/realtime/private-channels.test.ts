import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  connected,
  data,
  echoClient,
  once,
  pusherClient,
  RawClient,
  sleep,
  startRealtime,
  startRealtimeWithAuth,
  subscribed,
  testApp,
} from './support/harness';

// realtime.md §10 items 24–30: private, encrypted and cache channels.
afterEach(cleanup);

describe('private channels', () => {
  it("24: Echo private() authorizes through the endpoint and listen('OrderShipped') gets App\\Events\\OrderShipped", async () => {
    const { port, sdk, auth } = await startRealtimeWithAuth();
    const echo = await echoClient(port, auth);
    const channel = echo.private('orders.1');
    await new Promise<void>((resolve) => channel.subscribed(() => resolve()));
    expect(auth.requests).toEqual(['private-orders.1']);
    const shipped = new Promise((resolve) => channel.listen('OrderShipped', resolve));
    await sdk.trigger('private-orders.1', 'App\\Events\\OrderShipped', { id: 1 });
    expect(await shipped).toEqual({ id: 1 });
  });

  it('25: an auth endpoint answering 403 reaches Echo error() and the server gets no subscribe', async () => {
    const { port, server, auth } = await startRealtimeWithAuth({}, { deny: ['private-secret'] });
    const echo = await echoClient(port, auth);
    const error = await new Promise<{ type: string; status: number }>((resolve) =>
      echo.private('secret').error(resolve),
    );
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });
    await sleep(100);
    expect((await server.channel(testApp.id, 'private-secret')).occupied).toBe(false);
  });

  it('26-27: a forged or missing auth gets pusher:error 4009 then a channel subscription_error 401; nothing is delivered', async () => {
    const { port, sdk } = await startRealtime();
    const raw = await RawClient.connect(port);
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-orders', auth: `${testApp.key}:${'0'.repeat(64)}` },
    });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-orders', auth: '' } });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-orders' } });
    await raw.waitFor(() => raw.events('pusher:subscription_error').length === 3);
    expect(raw.events('pusher:error').map((frame) => data(frame))).toEqual(
      Array(3).fill({ code: 4009, message: 'Connection is unauthorized' }),
    );
    expect(raw.events('pusher:subscription_error')[0].channel).toBe('private-orders');
    expect(data(raw.events('pusher:subscription_error')[0])).toMatchObject({ type: 'AuthError', status: 401 });
    await sdk.trigger('private-orders', 'ev', {});
    await sleep(200);
    expect(raw.events('ev')).toEqual([]);
    expect(raw.closed).toBeUndefined();

    // The same through pusher-js, whose channel error binding (Echo's .error()) fires.
    const client = pusherClient(port, undefined, {
      channelAuthorization: {
        customHandler: (_params: unknown, callback: (error: null, auth: { auth: string }) => void) =>
          callback(null, { auth: `${testApp.key}:${'f'.repeat(64)}` }),
      },
    });
    await connected(client);
    const failure = once<{ type: string; status: number }>(
      client.subscribe('private-orders'),
      'pusher:subscription_error',
    );
    expect(await failure).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('28: a signature made for another socket id or another channel is refused', async () => {
    const { port, sdk } = await startRealtime();
    const raw = await RawClient.connect(port);
    const other = await RawClient.connect(port);
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-a', ...sdk.authorizeChannel(other.socketId, 'private-a') },
    });
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-a', ...sdk.authorizeChannel(raw.socketId, 'private-b') },
    });
    await raw.waitFor(() => raw.events('pusher:subscription_error').length === 2);
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-a', ...sdk.authorizeChannel(raw.socketId, 'private-a') },
    });
    await raw.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
  });

  it('29: private-encrypted: the SDK-encrypted event is relayed untouched and pusher-js decrypts it', async () => {
    const { port, sdk, auth } = await startRealtimeWithAuth();
    const client = pusherClient(port, auth, { encryption: true });
    const channel = await subscribed(client, 'private-encrypted-vault');
    const raw = await RawClient.connect(port);
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-encrypted-vault', ...sdk.authorizeChannel(raw.socketId, 'private-encrypted-vault') },
    });
    await raw.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
    const decrypted = once(channel, 'secret');
    await sdk.trigger('private-encrypted-vault', 'secret', { pin: 1234 });
    expect(await decrypted).toEqual({ pin: 1234 });
    const relayed = await raw.waitFor((frame) => frame.event === 'secret');
    expect(Object.keys(data(relayed)).sort()).toEqual(['ciphertext', 'nonce']);
  });

  it('30: cache channels replay the last event to a late subscriber, or send pusher:cache_miss', async () => {
    const { port, sdk, auth } = await startRealtimeWithAuth();
    const early = pusherClient(port, auth);
    await connected(early);
    const misses: string[] = [];
    for (const name of ['cache-news', 'private-cache-news']) {
      const channel = early.subscribe(name);
      await once(channel, 'pusher:cache_miss');
      misses.push(name);
    }
    expect(misses).toHaveLength(2);
    await sdk.trigger('cache-news', 'headline', { n: 1 });
    await sdk.trigger('cache-news', 'headline', { n: 2 });
    await sdk.trigger('private-cache-news', 'headline', { n: 3 });

    const late = pusherClient(port, auth);
    await connected(late);
    for (const [name, expected] of [
      ['cache-news', { n: 2 }],
      ['private-cache-news', { n: 3 }],
    ] as const) {
      const channel = late.subscribe(name);
      const replayed = once(channel, 'headline');
      await once(channel, 'pusher:subscription_succeeded');
      expect(await replayed).toEqual(expected);
    }
  });
});
