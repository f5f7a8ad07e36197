import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { resolveApp, type RealtimeApp } from '../../../server/realtime/apps';
import type { Connection, ConnectionPort } from '../../../server/realtime/protocol/connection';
import { PusherProtocol } from '../../../server/realtime/protocol/pusher-protocol';
import { authToken, channelSignatureString, userSignatureString } from '../../../server/realtime/protocol/signatures';
import { LocalScaling } from '../../../server/realtime/scaling/local';

interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: unknown;
}

class FakePort implements ConnectionPort {
  frames: Frame[] = [];
  closedWith?: { code: number; reason: string };
  pings = 0;
  send(frame: string): void {
    this.frames.push(JSON.parse(frame) as Frame);
  }
  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
  }
  ping(): void {
    this.pings++;
  }
  events(name: string): Frame[] {
    return this.frames.filter((frame) => frame.event === name);
  }
  last(): Frame {
    return this.frames[this.frames.length - 1];
  }
  data(frame: Frame): Record<string, unknown> {
    return (typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data) as Record<string, unknown>;
  }
}

const baseApp: RealtimeApp = { id: '1', key: 'app-key', secret: 'app-secret-0123456789' };

function setup(appOverrides: Partial<RealtimeApp> = {}) {
  let now = 1_000_000;
  const scaling = new LocalScaling(() => now);
  const protocol = new PusherProtocol(
    scaling.state,
    scaling.bus,
    pino({ level: 'silent' }),
    { activityTimeout: 30, pongTimeout: 30, cacheTtl: 1800 },
    () => now,
  );
  scaling.attach({
    deliver: (message) => protocol.deliver(message),
    rejoin: () => protocol.rejoin(),
    localConnections: () => protocol.connectionCounts(),
  });
  const app = resolveApp({ ...baseApp, ...appOverrides });
  const connect = async () => {
    const port = new FakePort();
    const connection = await protocol.connect(app, port);
    if (!connection) throw new Error(`refused: ${JSON.stringify(port.frames)}`);
    return { port, connection };
  };
  const send = async (connection: Connection, message: unknown) => {
    protocol.receive(connection, typeof message === 'string' ? message : JSON.stringify(message));
    await connection.drained();
    await settle();
  };
  const subscribe = (connection: Connection, channel: string, extra: Record<string, unknown> = {}) =>
    send(connection, { event: 'pusher:subscribe', data: { channel, auth: '', ...extra } });
  const signed = (connection: Connection, channel: string, channelData?: string) =>
    authToken(app, channelSignatureString(connection.socketId, channel, channelData));
  const join = (connection: Connection, channel: string, member: unknown) => {
    const channelData = JSON.stringify(member);
    return subscribe(connection, channel, {
      auth: signed(connection, channel, channelData),
      channel_data: channelData,
    });
  };
  return {
    protocol,
    scaling,
    app,
    connect,
    send,
    subscribe,
    signed,
    join,
    advance: (ms: number) => (now += ms),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PusherProtocol: connection', () => {
  it('starts with connection_established carrying a socket id and the activity timeout', async () => {
    const { connect } = setup();
    const { port, connection } = await connect();
    expect(port.frames).toHaveLength(1);
    expect(port.frames[0].event).toBe('pusher:connection_established');
    expect(typeof port.frames[0].data).toBe('string');
    expect(port.data(port.frames[0])).toEqual({ socket_id: connection.socketId, activity_timeout: 30 });
    expect(connection.socketId).toMatch(/^\d+\.\d+$/);
    expect((await connect()).connection.socketId).not.toBe(connection.socketId);
  });

  it('answers pusher:ping, refuses malformed frames and unknown pusher events with 4200, ignores others', async () => {
    const { connect, send } = setup();
    const { port, connection } = await connect();
    await send(connection, { event: 'pusher:ping', data: {} });
    expect(port.last()).toEqual({ event: 'pusher:pong', data: '{}' });
    await send(connection, '{oops');
    expect(port.data(port.last())).toEqual({ code: 4200, message: 'Invalid message format' });
    await send(connection, { event: 'pusher:signout', data: {} });
    expect(port.data(port.last())).toMatchObject({ code: 4200 });
    const count = port.frames.length;
    await send(connection, { event: 'something-else', data: {} });
    expect(port.frames).toHaveLength(count);
    expect(port.closedWith).toBeUndefined();
  });

  it('pings a silent connection and prunes it with 4201 when it stays silent', async () => {
    const { connect, protocol, advance } = setup();
    const { port, connection } = await connect();
    advance(29_000);
    protocol.sweep();
    expect(port.pings).toBe(0);
    advance(1_000);
    protocol.sweep();
    expect(port.pings).toBe(1);
    expect(port.last().event).toBe('pusher:ping');
    advance(29_000);
    protocol.sweep();
    expect(port.closedWith).toBeUndefined();
    advance(1_000);
    protocol.sweep();
    expect(port.closedWith).toEqual({ code: 4201, reason: 'Pong reply not received in time' });
    expect(port.data(port.last())).toMatchObject({ code: 4201 });
    expect(connection.closed).toBe(true);
    expect(protocol.connectionCount('1')).toBe(0);
  });

  it('keeps a connection that answers the ping', async () => {
    const { connect, protocol, advance } = setup();
    const { port, connection } = await connect();
    advance(30_000);
    protocol.sweep();
    advance(10_000);
    protocol.touch(connection);
    advance(25_000);
    protocol.sweep();
    expect(port.closedWith).toBeUndefined();
  });
});

describe('PusherProtocol: the connection limit, one count for every process', () => {
  /** Two protocol cores (two processes) on one shared state, as RedisScaling gives them. */
  function twoProcesses(appOverrides: Partial<RealtimeApp>) {
    const scaling = new LocalScaling();
    const logger = pino({ level: 'silent' });
    const options = { activityTimeout: 30, pongTimeout: 30, cacheTtl: 1800 };
    const a = new PusherProtocol(scaling.state, scaling.bus, logger, options);
    const b = new PusherProtocol(scaling.state, scaling.bus, logger, options);
    return { scaling, a, b, app: resolveApp({ ...baseApp, ...appOverrides }) };
  }

  it('refuses the connection beyond max_connections with 4004 (frame and close), counted on every process', async () => {
    const { scaling, a, b, app } = twoProcesses({ maxConnections: 2 });
    const first = await a.connect(app, new FakePort());
    expect(await b.connect(app, new FakePort())).toBeDefined();
    const refusedPort = new FakePort();
    expect(await a.connect(app, refusedPort)).toBeUndefined();
    expect(refusedPort.frames).toEqual([
      { event: 'pusher:error', data: JSON.stringify({ code: 4004, message: 'Application is over connection quota' }) },
    ]);
    expect(refusedPort.closedWith).toEqual({ code: 4004, reason: 'Application is over connection quota' });
    expect(await b.connect(app, new FakePort())).toBeUndefined();
    expect(await scaling.connectionCount('1')).toBe(2);

    await a.closed(first!);
    expect(await scaling.connectionCount('1')).toBe(1);
    expect(await b.connect(app, new FakePort())).toBeDefined();
    expect([a.connectionCount('1'), b.connectionCount('1')]).toEqual([0, 2]);
  });

  it('lets exactly max_connections through when clients connect to both processes at once', async () => {
    const { scaling, a, b, app } = twoProcesses({ maxConnections: 1 });
    const results = await Promise.all([a.connect(app, new FakePort()), b.connect(app, new FakePort())]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await scaling.connectionCount('1')).toBe(1);
  });

  it('counts every connection without a limit, and uncounts it once on close', async () => {
    const { scaling, a, app } = twoProcesses({});
    const connections = await Promise.all([1, 2, 3].map(() => a.connect(app, new FakePort())));
    expect(await scaling.connectionCount('1')).toBe(3);
    await a.closed(connections[0]!);
    await a.closed(connections[0]!);
    await a.disconnect(connections[1]!, 4200, 'bye');
    expect(await scaling.connectionCount('1')).toBe(1);
  });

  it('draws another socket id when the drawn one is already counted elsewhere', async () => {
    const { scaling, a, app } = twoProcesses({});
    const outcomes: string[] = [];
    const real = scaling.addConnection.bind(scaling);
    scaling.addConnection = async (appId, socketId, max) => {
      const outcome = outcomes.length === 0 ? 'taken' : await real(appId, socketId, max);
      outcomes.push(outcome);
      return outcome;
    };
    const port = new FakePort();
    expect(await a.connect(app, port)).toBeDefined();
    expect(outcomes).toEqual(['taken', 'added']);
    expect(port.events('pusher:connection_established')).toHaveLength(1);
  });

  it('never uncounts a socket id that another connection holds, even when every draw collides', async () => {
    const { scaling, a, app } = twoProcesses({});
    const other = await a.connect(app, new FakePort());
    scaling.addConnection = async () => 'taken';
    const removed: string[] = [];
    scaling.removeConnection = async (_appId, socketId) => void removed.push(socketId);
    const port = new FakePort();
    expect(await a.connect(app, port)).toBeUndefined();
    expect(port.closedWith?.code).toBe(4100);
    expect(removed).toEqual([]);
    expect(other).toBeDefined();
  });

  it('answers 4100 (pusher-js backs off and retries) when the shared count cannot be reached', async () => {
    const { scaling, a, app } = twoProcesses({});
    scaling.addConnection = () => Promise.reject(new Error('redis down'));
    const port = new FakePort();
    expect(await a.connect(app, port)).toBeUndefined();
    expect(port.data(port.frames[0])).toMatchObject({ code: 4100 });
    expect(port.closedWith?.code).toBe(4100);
  });

  it('counts its live connections again after its share was reaped (rejoin)', async () => {
    const { scaling, a, app } = twoProcesses({ maxConnections: 3 });
    const connections = await Promise.all([1, 2].map(() => a.connect(app, new FakePort())));
    // What the reaper does to a process presumed dead: its counted connections are taken out.
    for (const connection of connections) await scaling.removeConnection('1', connection!.socketId);
    await a.closed(connections[1]!);
    await a.rejoin();
    expect(await scaling.connectionCount('1')).toBe(1);
  });
});

describe('PusherProtocol: subscriptions', () => {
  it('subscribes to public channels and delivers published events, except to socket_id', async () => {
    const { connect, subscribe, protocol } = setup();
    const a = await connect();
    const b = await connect();
    await subscribe(a.connection, 'orders');
    await subscribe(b.connection, 'orders');
    expect(a.port.last()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel: 'orders', data: '{}' });
    await protocol.publish('1', ['orders'], 'ev', '{"a":1}', b.connection.socketId);
    expect(a.port.last()).toEqual({ event: 'ev', channel: 'orders', data: '{"a":1}' });
    expect(b.port.last().event).toBe('pusher_internal:subscription_succeeded');
  });

  it('refuses private channels without a valid signature (4009 then a channel subscription_error)', async () => {
    const { connect, subscribe, signed, protocol } = setup();
    const { port, connection } = await connect();
    const other = await connect();
    for (const auth of ['', 'app-key:0000', signed(other.connection, 'private-a'), signed(connection, 'private-b')]) {
      port.frames = [];
      await subscribe(connection, 'private-a', { auth });
      expect(port.frames.map((frame) => frame.event)).toEqual(['pusher:error', 'pusher:subscription_error']);
      expect(port.data(port.frames[0])).toEqual({ code: 4009, message: 'Connection is unauthorized' });
      expect(port.frames[1].channel).toBe('private-a');
      expect(port.data(port.frames[1])).toMatchObject({ type: 'AuthError', status: 401 });
    }
    await protocol.publish('1', ['private-a'], 'ev', '1');
    expect(port.events('ev')).toHaveLength(0);
    port.frames = [];
    await subscribe(connection, 'private-a', { auth: signed(connection, 'private-a') });
    expect(port.frames.map((frame) => frame.event)).toEqual(['pusher_internal:subscription_succeeded']);
  });

  it('announces presence members on first join and last leave only, to the others', async () => {
    const { connect, join, send, protocol } = setup();
    const a = await connect();
    const b1 = await connect();
    const b2 = await connect();
    await join(a.connection, 'presence-room', { user_id: 1, user_info: { name: 'A' } });
    expect(a.port.data(a.port.last())).toEqual({ presence: { ids: [1], hash: { 1: { name: 'A' } }, count: 1 } });
    await join(b1.connection, 'presence-room', { user_id: 2, user_info: { name: 'B' } });
    expect(b1.port.data(b1.port.last())).toMatchObject({ presence: { count: 2 } });
    expect(a.port.events('pusher_internal:member_added').map((frame) => a.port.data(frame))).toEqual([
      { user_id: 2, user_info: { name: 'B' } },
    ]);
    expect(b1.port.events('pusher_internal:member_added')).toHaveLength(0);
    await join(b2.connection, 'presence-room', { user_id: 2, user_info: { name: 'B' } });
    expect(a.port.events('pusher_internal:member_added')).toHaveLength(1);
    expect(b2.port.data(b2.port.last())).toMatchObject({ presence: { count: 2 } });

    await send(b1.connection, { event: 'pusher:unsubscribe', data: { channel: 'presence-room' } });
    expect(a.port.events('pusher_internal:member_removed')).toHaveLength(0);
    await protocol.closed(b2.connection);
    await settle();
    expect(a.port.events('pusher_internal:member_removed').map((frame) => a.port.data(frame))).toEqual([
      { user_id: 2 },
    ]);
    expect((await protocol['state'].channel('1', 'presence-room')).userCount).toBe(1);
  });

  it('refuses a presence subscription whose channel_data was not signed as sent', async () => {
    const { connect, subscribe, signed } = setup();
    const { port, connection } = await connect();
    const signedData = '{"user_id":1}';
    await subscribe(connection, 'presence-room', {
      auth: signed(connection, 'presence-room', signedData),
      channel_data: '{"user_id":2}',
    });
    expect(port.events('pusher:subscription_error')).toHaveLength(1);
    await subscribe(connection, 'presence-room', {
      auth: signed(connection, 'presence-room', '{}'),
      channel_data: '{}',
    });
    expect(port.events('pusher:subscription_error')).toHaveLength(2);
  });

  it('refuses a new user on a full presence channel', async () => {
    const { connect, join } = setup({ maxPresenceMembers: 1 });
    await join((await connect()).connection, 'presence-room', { user_id: 1 });
    const late = await connect();
    await join(late.connection, 'presence-room', { user_id: 2 });
    expect(late.port.data(late.port.events('pusher:subscription_error')[0])).toMatchObject({ type: 'LimitReached' });
  });

  it('replays the last event of a cache channel, or sends cache_miss', async () => {
    const { connect, subscribe, protocol } = setup();
    const first = await connect();
    await subscribe(first.connection, 'cache-news');
    expect(first.port.last()).toEqual({ event: 'pusher:cache_miss', channel: 'cache-news' });
    await protocol.publish('1', ['cache-news'], 'headline', '"one"');
    await protocol.publish('1', ['cache-news'], 'headline', '"two"');
    const late = await connect();
    await subscribe(late.connection, 'cache-news');
    expect(late.port.frames.slice(1)).toEqual([
      { event: 'pusher_internal:subscription_succeeded', channel: 'cache-news', data: '{}' },
      { event: 'headline', channel: 'cache-news', data: '"two"' },
    ]);
  });

  it('confirms a repeated subscribe without counting it twice', async () => {
    const { connect, subscribe, send, scaling } = setup();
    const { port, connection } = await connect();
    await subscribe(connection, 'orders');
    await subscribe(connection, 'orders');
    expect(port.events('pusher_internal:subscription_succeeded')).toHaveLength(2);
    expect((await scaling.channel('1', 'orders')).subscriptionCount).toBe(1);
    await send(connection, { event: 'pusher:unsubscribe', data: { channel: 'orders' } });
    await send(connection, { event: 'pusher:unsubscribe', data: { channel: 'orders' } });
    expect((await scaling.channels('1')).size).toBe(0);
  });

  it('refuses invalid channel names', async () => {
    const { connect, subscribe } = setup();
    const { port, connection } = await connect();
    await subscribe(connection, 'bad name');
    expect(port.events('pusher:subscription_error')[0]).toMatchObject({ channel: 'bad name' });
    await subscribe(connection, '#server-to-user-1');
    expect(port.events('pusher:subscription_error')).toHaveLength(2);
  });

  it("limits channel names to Pusher's 164 characters and names the whole channel in the error", async () => {
    const { connect, subscribe, scaling } = setup();
    const { port, connection } = await connect();
    await subscribe(connection, 'c'.repeat(164));
    expect(port.events('pusher_internal:subscription_succeeded')).toHaveLength(1);
    for (const name of ['c'.repeat(165), `private-${'p'.repeat(200)}`, 'x'.repeat(5000)]) {
      await subscribe(connection, name, { auth: 'k:sig' });
      const error = port.last();
      expect(error).toMatchObject({ event: 'pusher:subscription_error', channel: name });
      expect(port.data(error)).toEqual({
        type: 'InvalidChannel',
        error: 'The channel name is longer than the allowed 164 characters',
        status: 400,
      });
    }
    expect([...(await scaling.channels('1')).keys()]).toEqual(['c'.repeat(164)]);
  });
});

describe('PusherProtocol: channels per connection', () => {
  it('refuses a subscription beyond the cap with LimitReached on that channel, counting pending ones', async () => {
    const { connect, subscribe, send, signed, scaling, protocol } = setup({ maxChannelsPerConnection: 3 });
    const { port, connection } = await connect();
    // Three subscribes in one burst: all pending at once, all within the cap.
    for (const name of ['a', 'b', 'private-c']) {
      protocol.receive(
        connection,
        JSON.stringify({
          event: 'pusher:subscribe',
          data: { channel: name, auth: name.startsWith('private-') ? signed(connection, name) : '' },
        }),
      );
    }
    await subscribe(connection, 'd');
    expect(port.events('pusher_internal:subscription_succeeded').map((frame) => frame.channel)).toEqual([
      'a',
      'b',
      'private-c',
    ]);
    const refusal = port.events('pusher:subscription_error')[0];
    expect(refusal.channel).toBe('d');
    expect(port.data(refusal)).toEqual({
      type: 'LimitReached',
      error: 'The connection is subscribed to the maximum of 3 channels',
      status: 4100,
    });
    expect(port.closedWith).toBeUndefined();
    expect([...(await scaling.channels('1')).keys()].sort()).toEqual(['a', 'b', 'private-c']);

    // A channel already held is confirmed again; after an unsubscribe there is room for one more.
    await subscribe(connection, 'a');
    expect(port.events('pusher_internal:subscription_succeeded')).toHaveLength(4);
    await send(connection, { event: 'pusher:unsubscribe', data: { channel: 'b' } });
    await subscribe(connection, 'd');
    expect(port.last()).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel: 'd' });
    expect(connection.subscriptions.size).toBe(3);
  });

  it('defaults to 100 channels per connection', async () => {
    const { connect, subscribe } = setup();
    const { port, connection } = await connect();
    for (let n = 0; n < 101; n++) await subscribe(connection, `channel-${n}`);
    expect(port.events('pusher_internal:subscription_succeeded')).toHaveLength(100);
    expect(port.events('pusher:subscription_error').map((frame) => frame.channel)).toEqual(['channel-100']);
  });
});

describe('PusherProtocol: client events', () => {
  it('relays client events on private channels to the others, with user_id on presence', async () => {
    const { connect, subscribe, signed, join, send } = setup();
    const a = await connect();
    const b = await connect();
    for (const peer of [a, b])
      await subscribe(peer.connection, 'private-chat', { auth: signed(peer.connection, 'private-chat') });
    await send(a.connection, { event: 'client-typing', channel: 'private-chat', data: { t: 1 } });
    expect(b.port.last()).toEqual({ event: 'client-typing', channel: 'private-chat', data: { t: 1 } });
    expect(a.port.events('client-typing')).toHaveLength(0);

    await join(a.connection, 'presence-room', { user_id: 'a' });
    await join(b.connection, 'presence-room', { user_id: 'b' });
    await send(b.connection, { event: 'client-wave', channel: 'presence-room', data: 'hi' });
    expect(a.port.last()).toEqual({ event: 'client-wave', channel: 'presence-room', data: 'hi', user_id: 'b' });
  });

  it('refuses them on public channels, unsubscribed channels, encrypted channels and disabled apps', async () => {
    const { connect, subscribe, send } = setup();
    const a = await connect();
    const b = await connect();
    await subscribe(a.connection, 'lobby');
    await subscribe(b.connection, 'lobby');
    await send(a.connection, { event: 'client-x', channel: 'lobby', data: {} });
    expect(b.port.events('client-x')).toHaveLength(0);
    expect(a.port.data(a.port.last())).toMatchObject({ code: null });
    await send(a.connection, { event: 'client-x', channel: 'private-other', data: {} });
    expect(a.port.data(a.port.last())).toMatchObject({ code: 4009 });
    await send(a.connection, { event: 'client-x', channel: 'private-encrypted-x', data: {} });
    expect(a.port.data(a.port.last())).toMatchObject({ code: null });

    const disabled = setup({ clientEvents: 'none' });
    const c = await disabled.connect();
    await disabled.send(c.connection, { event: 'client-x', channel: 'private-a', data: {} });
    expect(c.port.data(c.port.last())).toEqual({
      code: 4301,
      message: 'The app does not have client messaging enabled.',
    });
  });

  it("allows public channels with clientEvents 'all'", async () => {
    const { connect, subscribe, send } = setup({ clientEvents: 'all' });
    const a = await connect();
    const b = await connect();
    await subscribe(a.connection, 'lobby');
    await subscribe(b.connection, 'lobby');
    await send(a.connection, { event: 'client-x', channel: 'lobby', data: {} });
    expect(b.port.events('client-x')).toHaveLength(1);
  });

  it('rate-limits them to 10 a second with 4301 frames, keeping the socket', async () => {
    const { connect, subscribe, signed, send, advance } = setup();
    const a = await connect();
    const b = await connect();
    for (const peer of [a, b])
      await subscribe(peer.connection, 'private-chat', { auth: signed(peer.connection, 'private-chat') });
    for (let i = 0; i < 15; i++) await send(a.connection, { event: 'client-n', channel: 'private-chat', data: i });
    expect(b.port.events('client-n')).toHaveLength(10);
    const errors = a.port.events('pusher:error').map((frame) => a.port.data(frame));
    expect(errors).toHaveLength(5);
    expect(errors.every((error) => error.code === 4301)).toBe(true);
    expect(a.port.closedWith).toBeUndefined();
    advance(1000);
    await send(a.connection, { event: 'client-n', channel: 'private-chat', data: 99 });
    expect(b.port.events('client-n')).toHaveLength(11);
  });

  it('refuses an event name over 200 characters with 4301, delivering nothing', async () => {
    const { connect, subscribe, signed, send } = setup();
    const a = await connect();
    const b = await connect();
    for (const peer of [a, b])
      await subscribe(peer.connection, 'private-chat', { auth: signed(peer.connection, 'private-chat') });
    const longest = `client-${'n'.repeat(193)}`;
    await send(a.connection, { event: longest, channel: 'private-chat', data: {} });
    expect(b.port.events(longest)).toHaveLength(1);
    await send(a.connection, { event: `${longest}n`, channel: 'private-chat', data: {} });
    expect(b.port.events(`${longest}n`)).toHaveLength(0);
    expect(a.port.last()).toEqual({
      event: 'pusher:error',
      data: JSON.stringify({ code: 4301, message: 'Event name is too long. Maximum allowed size is 200.' }),
    });
    await send(a.connection, { event: 'client-x', data: {} });
    expect(a.port.data(a.port.last())).toMatchObject({ code: 4301 });
    expect(a.port.closedWith).toBeUndefined();
  });
});

describe('PusherProtocol: users', () => {
  it('signs users in, lets them (only them) subscribe to #server-to-user-{id} and terminates them', async () => {
    const { connect, send, subscribe, app, protocol } = setup();
    const a = await connect();
    const userData = '{"id":"42","name":"A"}';
    await send(a.connection, {
      event: 'pusher:signin',
      data: { user_data: userData, auth: authToken(app, userSignatureString(a.connection.socketId, userData)) },
    });
    expect(a.port.last()).toEqual({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) });
    await subscribe(a.connection, '#server-to-user-42');
    expect(a.port.last().event).toBe('pusher_internal:subscription_succeeded');
    await subscribe(a.connection, '#server-to-user-43');
    expect(a.port.last().event).toBe('pusher:subscription_error');

    const b = await connect();
    await send(b.connection, { event: 'pusher:signin', data: { user_data: userData, auth: 'app-key:bad' } });
    expect(b.port.data(b.port.last())).toMatchObject({ code: 4009 });
    expect(b.connection.user).toBeUndefined();

    await protocol.publish('1', ['#server-to-user-42'], 'hi', '{}');
    expect(a.port.last()).toEqual({ event: 'hi', channel: '#server-to-user-42', data: '{}' });

    await protocol.terminateUser('1', '42');
    await settle();
    expect(a.port.closedWith?.code).toBe(4009);
    expect(b.port.closedWith).toBeUndefined();
  });

  it('terminates presence members of that user id too (Reverb parity)', async () => {
    const { connect, join, protocol } = setup();
    const a = await connect();
    await join(a.connection, 'presence-room', { user_id: 7 });
    await protocol.terminateUser('1', '7');
    await settle();
    expect(a.port.closedWith?.code).toBe(4009);
  });
});

describe('PusherProtocol: ordering', () => {
  it('holds events published while a subscription is pending until subscription_succeeded', async () => {
    const { connect, protocol, scaling } = setup();
    const { port, connection } = await connect();
    const original = scaling.subscribe.bind(scaling);
    let release!: () => void;
    scaling.subscribe = async (appId, channel) => {
      await new Promise<void>((resolve) => (release = resolve));
      return original(appId, channel);
    };
    protocol.receive(connection, JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'orders', auth: '' } }));
    await settle();
    await protocol.publish('1', ['orders'], 'early', '1');
    expect(port.events('early')).toHaveLength(0);
    release();
    await connection.drained();
    expect(port.frames.slice(1).map((frame) => frame.event)).toEqual([
      'pusher_internal:subscription_succeeded',
      'early',
    ]);
  });

  it('leaves every channel on close, after pending work', async () => {
    const { connect, join, subscribe, protocol, scaling } = setup();
    const a = await connect();
    await subscribe(a.connection, 'orders');
    await join(a.connection, 'presence-room', { user_id: 1 });
    await protocol.closed(a.connection);
    expect((await scaling.channels('1')).size).toBe(0);
    expect(await scaling.members('1', 'presence-room')).toEqual([]);
  });
});
