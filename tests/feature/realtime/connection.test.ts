import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  connected,
  data,
  once,
  pusherClient,
  RawClient,
  sleep,
  startRealtime,
  subscribed,
  waitFor,
  type PusherClient,
} from './support/harness';

// realtime.md §10 items 1–14: connection and keep-alive, driven by the real pusher-js.
afterEach(cleanup);

/** Every state pusher-js goes through, from now on. */
function states(client: PusherClient): string[] {
  const seen: string[] = [client.connection.state];
  client.connection.bind('state_change', ({ current }: { current: string }) => seen.push(current));
  return seen;
}

describe('connection', () => {
  it('1-3: pusher-js connects; connection_established comes first with a socket id and an activity timeout', async () => {
    const { port } = await startRealtime();
    const client = pusherClient(port, undefined);
    const socketId = await connected(client);
    expect(socketId).toMatch(/^\d+\.\d+$/);

    const raw = await RawClient.connect(port);
    expect(raw.frames[0].event).toBe('pusher:connection_established');
    expect(typeof raw.frames[0].data).toBe('string');
    const established = data<{ socket_id: string; activity_timeout: number }>(raw.frames[0]);
    expect(established.socket_id).toMatch(/^\d+\.\d+$/);
    expect(established.activity_timeout).toBe(30);
    const other = await RawClient.connect(port);
    expect(new Set([socketId, raw.socketId, other.socketId]).size).toBe(3);
  });

  it('4: accepts the pusher-js query string and no Origin header', async () => {
    const { port } = await startRealtime({ allowedOrigins: ['*'] });
    for (const query of ['protocol=7&client=js&version=8.6.0&flash=false', 'protocol=7']) {
      const raw = await RawClient.connect(port, { query });
      expect(raw.frames[0].event).toBe('pusher:connection_established');
    }
  });

  it('4: refuses a missing or other protocol version with 4007 (frame, then close, after the upgrade), pusher-js stays away', async () => {
    const { port } = await startRealtime();
    const refusals: [string, number][] = [
      ['', 4007],
      ['client=js&version=8.6.0&flash=false', 4007],
      ['protocol=6&client=js', 4007],
      ['protocol=5', 4007],
      ['protocol=4', 4007],
      ['protocol=8', 4007],
      ['protocol=seven', 4006],
    ];
    for (const [query, code] of refusals) {
      const raw = await RawClient.connect(port, { query });
      // The WebSocket was opened (upgrade answered), then the only frame is the error, then the close code.
      expect(raw.frames).toHaveLength(1);
      expect(raw.frames[0].event).toBe('pusher:error');
      expect(typeof raw.frames[0].data).toBe('string');
      expect(data(raw.frames[0])).toMatchObject({ code });
      expect((await raw.waitClosed()).code).toBe(code);
      expect(raw.events('pusher:connection_established')).toHaveLength(0);
    }
  });

  it('5: an unknown app key gets 4001 and pusher-js stays disconnected, without retrying', async () => {
    const { port } = await startRealtime();
    const client = pusherClient(port, undefined, { key: 'nope' });
    const seen = states(client);
    const error = await once<{ data?: { code?: number } }>(client.connection, 'error');
    expect(error.data?.code ?? (error as { error?: { data?: { code?: number } } }).error?.data?.code).toBe(4001);
    await waitFor(() => client.connection.state === 'disconnected', 5000, 'disconnected');
    await sleep(2500);
    expect(client.connection.state).toBe('disconnected');
    expect(seen.filter((state) => state === 'connecting')).toHaveLength(1);

    const raw = await RawClient.connect(port, { key: 'nope' });
    expect(data(raw.frames[0])).toEqual({ code: 4001, message: 'Application does not exist' });
    expect((await raw.waitClosed()).code).toBe(4001);
  });

  it('6: a disallowed Origin gets 4009 and pusher-js (a browser origin) stays disconnected', async () => {
    const { port } = await startRealtime({ app: { allowedOrigins: ['allowed.test'] } });
    const refused = pusherClient(port, undefined, { origin: 'http://evil.test' });
    const seen = states(refused);
    await waitFor(() => refused.connection.state === 'disconnected', 5000, 'disconnected');
    await sleep(1500);
    expect(refused.connection.state).toBe('disconnected');
    expect(seen.filter((state) => state === 'connecting')).toHaveLength(1);

    const allowed = pusherClient(port, undefined, { origin: 'http://allowed.test:8000' });
    await connected(allowed);
    const raw = await RawClient.connect(port, { origin: 'http://evil.test' });
    expect(data(raw.frames[0])).toEqual({ code: 4009, message: 'Origin not allowed' });
    expect((await raw.waitClosed()).code).toBe(4009);
  });

  it('7: over max connections gets 4004 and no reconnect loop; GET /connections counts exactly', async () => {
    const { port, sdk } = await startRealtime({ app: { maxConnections: 2 } });
    const first = pusherClient(port, undefined);
    await connected(first);
    await connected(pusherClient(port, undefined));
    const third = pusherClient(port, undefined);
    const seen = states(third);
    await waitFor(() => third.connection.state === 'disconnected', 5000, 'disconnected');
    await sleep(1500);
    expect(seen.filter((state) => state === 'connecting')).toHaveLength(1);
    const raw = await RawClient.connect(port);
    expect(data(raw.frames[0])).toEqual({ code: 4004, message: 'Application is over connection quota' });
    expect((await raw.waitClosed()).code).toBe(4004);
    expect(await (await sdk.get({ path: '/connections' })).json()).toEqual({ connections: 2 });

    first.disconnect();
    await sleep(300);
    expect(await (await sdk.get({ path: '/connections' })).json()).toEqual({ connections: 1 });
    const again = await RawClient.connect(port);
    expect(again.frames[0].event).toBe('pusher:connection_established');
  });

  it('8: a message over max_message_size closes with 1009; pusher-js reconnects with a new socket id', async () => {
    const { port } = await startRealtime({ app: { maxMessageSize: 2000 } });
    const raw = await RawClient.connect(port);
    raw.send({ event: 'client-big', channel: 'private-a', data: 'x'.repeat(3000) });
    expect((await raw.waitClosed()).code).toBe(1009);

    const client = pusherClient(port, undefined);
    const first = await connected(client);
    const started = Date.now();
    client.send_event('client-big', 'x'.repeat(3000), 'private-a');
    await waitFor(
      () => client.connection.state === 'connected' && client.connection.socket_id !== first,
      8000,
      'a reconnection',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('9: a malformed frame gets 4200 and the socket stays open', async () => {
    const { port } = await startRealtime();
    const raw = await RawClient.connect(port);
    raw.send('{not json');
    const error = await raw.next();
    expect(error.event).toBe('pusher:error');
    expect(data(error)).toEqual({ code: 4200, message: 'Invalid message format' });
    raw.send({ event: 'pusher:ping', data: {} });
    expect((await raw.next()).event).toBe('pusher:pong');
    expect(raw.closed).toBeUndefined();
  });

  it('10: a restart closes with 4200; pusher-js reconnects and resubscribes every channel', async () => {
    const first = await startRealtime();
    const client = pusherClient(first.port, undefined);
    await connected(client);
    const orders = await subscribed(client, 'orders');
    const news = await subscribed(client, 'news');
    const before = client.connection.socket_id;
    const error = once<{ data?: { code?: number } }>(client.connection, 'error');
    await first.server.close();
    expect((await error).data?.code).toBe(4200);

    const second = await startRealtime({ port: first.port });
    await waitFor(
      () => client.connection.state === 'connected' && client.connection.socket_id !== before,
      10_000,
      'reconnect',
    );
    const received: unknown[] = [];
    orders.bind('after', (payload: unknown) => received.push(['orders', payload]));
    news.bind('after', (payload: unknown) => received.push(['news', payload]));
    await waitFor(() => orders.subscribed && news.subscribed, 5000, 'resubscribed');
    await second.sdk.trigger(['orders', 'news'], 'after', { ok: true });
    await waitFor(() => received.length === 2, 5000, 'events after the restart');
    expect(received).toEqual([
      ['orders', { ok: true }],
      ['news', { ok: true }],
    ]);
  });
});

describe('keep-alive', () => {
  it('11: a pusher:ping frame gets a pusher:pong frame', async () => {
    const { port } = await startRealtime();
    const raw = await RawClient.connect(port);
    raw.send({ event: 'pusher:ping', data: {} });
    expect(await raw.next()).toEqual({ event: 'pusher:pong', data: '{}' });
  });

  it('12: pusher-js idle for activity_timeout pings and stays connected', async () => {
    const { port } = await startRealtime({ activityTimeout: 1, pongTimeout: 2 });
    const client = pusherClient(port, undefined);
    const socketId = await connected(client);
    const incoming: string[] = [];
    client.connection.bind('message', (message: { event: string }) => incoming.push(message.event));
    await sleep(3500);
    expect(incoming.filter((event) => event === 'pusher:pong').length).toBeGreaterThanOrEqual(1);
    expect(client.connection.state).toBe('connected');
    expect(client.connection.socket_id).toBe(socketId);
  });

  it('13: a client that never answers pings is closed with 4201', async () => {
    const { port } = await startRealtime({ activityTimeout: 1, pongTimeout: 1 });
    const raw = await RawClient.connect(port, { autoPong: false });
    const started = Date.now();
    const closed = await raw.waitClosed(6000);
    expect(closed.code).toBe(4201);
    expect(Date.now() - started).toBeLessThan(1000 + 1000 + 1500);
    expect(raw.events('pusher:ping').length).toBeGreaterThanOrEqual(1);
    expect(data(raw.events('pusher:error')[0])).toEqual({ code: 4201, message: 'Pong reply not received in time' });
  });

  it('14: an RFC 6455 ping frame is answered with a pong frame (and counts as activity)', async () => {
    const { port } = await startRealtime({ activityTimeout: 1, pongTimeout: 1 });
    const raw = await RawClient.connect(port, { autoPong: false });
    let pongs = 0;
    raw.ws.on('pong', () => pongs++);
    const timer = setInterval(() => raw.ws.ping(), 300);
    await sleep(3500);
    clearInterval(timer);
    expect(pongs).toBeGreaterThan(5);
    expect(raw.closed).toBeUndefined();
  });
});
