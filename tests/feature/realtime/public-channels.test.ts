import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  connected,
  echoClient,
  once,
  pusherClient,
  RawClient,
  sleep,
  startAuthServer,
  startRealtime,
  subscribed,
  testApp,
  waitFor,
} from './support/harness';

// realtime.md §10 items 15–23: public channels, pusher-js + Echo + the `pusher` SDK.
afterEach(cleanup);

describe('public channels', () => {
  it('15: subscribe gives pusher:subscription_succeeded; Echo subscribed() fires', async () => {
    const { port } = await startRealtime();
    const client = pusherClient(port, undefined);
    const channel = client.subscribe('orders');
    await once(channel, 'pusher:subscription_succeeded');
    expect(channel.subscribed).toBe(true);

    const auth = await startAuthServer(testApp);
    const echo = await echoClient(port, auth);
    const fired = await new Promise<boolean>((resolve) => echo.channel('orders').subscribed(() => resolve(true)));
    expect(fired).toBe(true);
  });

  it('16-17: SDK events arrive as objects, plain strings as strings', async () => {
    const { port, sdk } = await startRealtime();
    const client = pusherClient(port, undefined);
    const channel = await subscribed(client, 'orders');
    const objects = once(channel, 'ev');
    await sdk.trigger('orders', 'ev', { a: 1 });
    expect(await objects).toEqual({ a: 1 });
    const strings = once(channel, 'text');
    await sdk.trigger('orders', 'text', 'hello, world');
    expect(await strings).toBe('hello, world');
  });

  it('18: an event on two channels arrives once on each; a socket on both gets two frames', async () => {
    const { port, sdk } = await startRealtime();
    const client = pusherClient(port, undefined);
    const a = await subscribed(client, 'a');
    const b = await subscribed(client, 'b');
    const got: string[] = [];
    a.bind('ev', () => got.push('a'));
    b.bind('ev', () => got.push('b'));
    const raw = await RawClient.connect(port);
    raw.send({ event: 'pusher:subscribe', data: { channel: 'a', auth: '' } });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'b', auth: '' } });
    await waitFor(() => raw.events('pusher_internal:subscription_succeeded').length === 2);
    await sdk.trigger(['a', 'b'], 'ev', { n: 1 });
    await waitFor(() => got.length === 2 && raw.events('ev').length === 2);
    await sleep(100);
    expect(got.sort()).toEqual(['a', 'b']);
    expect(raw.events('ev').map((frame) => frame.channel)).toEqual(['a', 'b']);
  });

  it('19: after unsubscribe, later events are not received', async () => {
    const { port, sdk, server } = await startRealtime();
    const client = pusherClient(port, undefined);
    const channel = await subscribed(client, 'orders');
    const received: unknown[] = [];
    channel.bind('ev', (payload: unknown) => received.push(payload));
    client.unsubscribe('orders');
    await sleep(200);
    expect((await server.channel(testApp.id, 'orders')).occupied).toBe(false);
    await sdk.trigger('orders', 'ev', { late: true });
    await sleep(200);
    expect(received).toEqual([]);
  });

  it('20: subscribe then unsubscribe at once ends with no subscription and no events', async () => {
    const { port, sdk, server } = await startRealtime();
    const client = pusherClient(port, undefined);
    await connected(client);
    const channel = client.subscribe('orders');
    const received: unknown[] = [];
    channel.bind('ev', (payload: unknown) => received.push(payload));
    client.unsubscribe('orders');
    await sleep(300);
    expect((await server.channel(testApp.id, 'orders')).occupied).toBe(false);
    await sdk.trigger('orders', 'ev', { late: true });
    await sleep(200);
    expect(received).toEqual([]);
  });

  it('21: unsubscribing twice is harmless; subscribe-unsubscribe-subscribe ends subscribed', async () => {
    const { port, sdk, server } = await startRealtime();
    const client = pusherClient(port, undefined);
    await subscribed(client, 'orders');
    client.unsubscribe('orders');
    client.unsubscribe('orders');
    await sleep(100);
    const channel = await subscribed(client, 'orders');
    expect((await server.channel(testApp.id, 'orders')).subscriptionCount).toBe(1);
    const event = once(channel, 'ev');
    await sdk.trigger('orders', 'ev', { again: true });
    expect(await event).toEqual({ again: true });
  });

  it('22: channel names with -_=@,.; and Laravel dots work', async () => {
    const { port, sdk } = await startRealtime();
    const client = pusherClient(port, undefined);
    for (const name of ['App.Models.User.1', 'a-b_c=d@e,f.g;h']) {
      const channel = await subscribed(client, name);
      const event = once(channel, 'ev');
      await sdk.trigger(name, 'ev', { name });
      expect(await event).toEqual({ name });
    }
  });

  it("22: names up to Pusher's 164 characters work; a longer one gets pusher:subscription_error on its own channel", async () => {
    const { port, sdk, server } = await startRealtime();
    const client = pusherClient(port, undefined);
    const longest = `App.Models.Team.${'1'.repeat(148)}`;
    expect(longest).toHaveLength(164);
    await subscribed(client, longest);
    for (const name of [`${longest}2`, 'x'.repeat(250)]) {
      const channel = client.subscribe(name);
      const error = await once<{ type: string; error: string; status: number }>(channel, 'pusher:subscription_error');
      expect(error).toEqual({
        type: 'InvalidChannel',
        error: 'The channel name is longer than the allowed 164 characters',
        status: 400,
      });
      expect(channel.subscribed).toBe(false);
    }
    expect((await server.channels(testApp.id)).map((channel) => channel.name)).toEqual([longest]);
    // Publishing to such a name is refused too (the SDK itself lets up to 200 characters through).
    const status = await sdk.trigger(`${longest}2`, 'ev', {}).then(
      (response) => response.status,
      (error: { status?: number }) => error.status,
    );
    expect(status).toBe(400);
  });

  it('23: socket_id leaves that socket out and reaches the others', async () => {
    const { port, sdk } = await startRealtime();
    const sender = pusherClient(port, undefined);
    const other = pusherClient(port, undefined);
    const senderChannel = await subscribed(sender, 'orders');
    const otherChannel = await subscribed(other, 'orders');
    const senderGot: unknown[] = [];
    senderChannel.bind('ev', (payload: unknown) => senderGot.push(payload));
    const otherGot = once(otherChannel, 'ev');
    await sdk.trigger('orders', 'ev', { n: 1 }, { socket_id: sender.connection.socket_id });
    expect(await otherGot).toEqual({ n: 1 });
    await sleep(200);
    expect(senderGot).toEqual([]);
  });
});
