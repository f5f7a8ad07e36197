import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  connected,
  data,
  echoClient,
  pusherClient,
  RawClient,
  sleep,
  startRealtime,
  startRealtimeWithAuth,
  subscribed,
  waitFor,
} from './support/harness';

// realtime.md §10 items 39–44: client events (whispers).
afterEach(cleanup);

describe('client events', () => {
  it('39: a whisper on private and presence channels reaches the others, not the sender', async () => {
    const { port, auth } = await startRealtimeWithAuth();
    const alice = await echoClient(port, auth, { user: 1 });
    const bob = await echoClient(port, auth, { user: 2 });
    for (const [join, name] of [
      [(echo: typeof alice) => echo.private('chat'), 'private'],
      [(echo: typeof alice) => echo.join('room'), 'presence'],
    ] as const) {
      const aliceChannel = join(alice);
      const bobChannel = join(bob);
      await Promise.all(
        [aliceChannel, bobChannel].map((channel) => new Promise((resolve) => channel.subscribed(resolve))),
      );
      const aliceGot: unknown[] = [];
      aliceChannel.listenForWhisper('typing', (payload: unknown) => aliceGot.push(payload));
      const bobGot = new Promise((resolve) => bobChannel.listenForWhisper('typing', resolve));
      (aliceChannel as { whisper(event: string, data: unknown): unknown }).whisper('typing', { name, typing: true });
      expect(await bobGot).toEqual({ name, typing: true });
      await sleep(150);
      expect(aliceGot).toEqual([]);
    }
  });

  it("40: on presence, the receiver's metadata.user_id is the sender's user id", async () => {
    const { port, auth } = await startRealtimeWithAuth();
    const alice = pusherClient(port, auth, { user: 'alice' });
    const bob = pusherClient(port, auth, { user: 'bob' });
    const aliceRoom = await subscribed(alice, 'presence-room');
    const bobRoom = await subscribed(bob, 'presence-room');
    const received = new Promise<[unknown, { user_id?: unknown }]>((resolve) =>
      bobRoom.bind('client-wave', (payload: unknown, metadata: { user_id?: unknown }) => resolve([payload, metadata])),
    );
    aliceRoom.trigger('client-wave', { hi: true });
    const [payload, metadata] = await received;
    expect(payload).toEqual({ hi: true });
    expect(metadata.user_id).toBe('alice');
  });

  it('41-42: not subscribed, or a public channel: an error frame and no delivery', async () => {
    const { port, sdk } = await startRealtime();
    const sender = await RawClient.connect(port);
    const listener = await RawClient.connect(port);
    for (const client of [sender, listener]) {
      client.send({ event: 'pusher:subscribe', data: { channel: 'lobby', auth: '' } });
    }
    listener.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-chat', ...sdk.authorizeChannel(listener.socketId, 'private-chat') },
    });
    await listener.waitFor(() => listener.events('pusher_internal:subscription_succeeded').length === 2);
    await sender.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');

    sender.send({ event: 'client-x', channel: 'private-chat', data: {} });
    const notMember = await sender.waitFor((frame) => frame.event === 'pusher:error');
    expect(data(notMember)).toEqual({ code: 4009, message: 'The client is not a member of the specified channel.' });
    sender.send({ event: 'client-x', channel: 'lobby', data: {} });
    await waitFor(() => sender.events('pusher:error').length === 2);
    expect(data(sender.events('pusher:error')[1])).toMatchObject({
      message: 'Client event rejected - only supported on private and presence channels',
    });
    await sleep(150);
    expect(listener.events('client-x')).toEqual([]);
    expect(sender.closed).toBeUndefined();
  });

  it('42 (configured): clientEvents "all" lets public-channel whispers through, as Reverb does', async () => {
    const { port } = await startRealtime({ app: { clientEvents: 'all' } });
    const sender = await RawClient.connect(port);
    const listener = await RawClient.connect(port);
    for (const client of [sender, listener])
      client.send({ event: 'pusher:subscribe', data: { channel: 'lobby', auth: '' } });
    await listener.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
    await sender.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
    sender.send({ event: 'client-x', channel: 'lobby', data: { a: 1 } });
    expect(await listener.waitFor((frame) => frame.event === 'client-x')).toEqual({
      event: 'client-x',
      channel: 'lobby',
      data: { a: 1 },
    });
  });

  it('43: more than 10 client events a second get 4301 error frames; the socket stays connected', async () => {
    const { port, auth } = await startRealtimeWithAuth();
    const sender = pusherClient(port, auth, { user: 1 });
    const receiver = pusherClient(port, auth, { user: 2 });
    const channel = await subscribed(sender, 'private-chat');
    const receiving = await subscribed(receiver, 'private-chat');
    let delivered = 0;
    receiving.bind('client-n', () => delivered++);
    const codes: number[] = [];
    sender.connection.bind('error', (error: { data?: { code?: number } }) => codes.push(error.data?.code ?? 0));
    const socketId = sender.connection.socket_id;
    for (let i = 0; i < 15; i++) channel.trigger('client-n', { i });
    await waitFor(() => codes.length >= 5 && delivered >= 10, 5000, 'limits');
    await sleep(200);
    expect(delivered).toBe(10);
    expect(codes).toEqual([4301, 4301, 4301, 4301, 4301]);
    expect(sender.connection.state).toBe('connected');
    expect(sender.connection.socket_id).toBe(socketId);
  });

  it('an event name over 200 characters gets a 4301 error frame, is not delivered, and the socket stays', async () => {
    const { port, auth } = await startRealtimeWithAuth();
    const sender = pusherClient(port, auth, { user: 1 });
    const receiver = pusherClient(port, auth, { user: 2 });
    const channel = await subscribed(sender, 'private-chat');
    const receiving = await subscribed(receiver, 'private-chat');
    const longName = `client-${'n'.repeat(194)}`;
    const received: unknown[] = [];
    receiving.bind(longName, (payload: unknown) => received.push(payload));
    const error = new Promise<{ data?: { code?: number; message?: string } }>((resolve) =>
      sender.connection.bind('error', resolve),
    );
    channel.trigger(longName, { too: 'long' });
    expect((await error).data).toEqual({ code: 4301, message: 'Event name is too long. Maximum allowed size is 200.' });
    await sleep(200);
    expect(received).toEqual([]);
    expect(sender.connection.state).toBe('connected');
  });

  it('44: an app with client events disabled answers 4301', async () => {
    const { port, auth } = await startRealtimeWithAuth({ app: { clientEvents: 'none' } });
    const client = pusherClient(port, auth);
    const channel = await subscribed(client, 'private-chat');
    await connected(client);
    const error = new Promise<{ data?: { code?: number; message?: string } }>((resolve) =>
      client.connection.bind('error', resolve),
    );
    channel.trigger('client-x', {});
    expect((await error).data).toEqual({ code: 4301, message: 'The app does not have client messaging enabled.' });
  });
});
