import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  data,
  echoClient,
  pusherClient,
  RawClient,
  sdkFor,
  sleep,
  startAuthServer,
  startRealtime,
  subscribed,
  testApp,
  waitFor,
} from './support/harness';

// Scale-out: two (or three) realtime processes sharing one Redis (realtime.md §10 items 38 and 62,
// §8 S6). Runs when REDIS_URL is set (CI sets it).
const redisUrl = process.env.REDIS_URL;
const prefixes: string[] = [];

afterEach(cleanup);
afterAll(async () => {
  if (!redisUrl || prefixes.length === 0) return;
  const redis = new Redis(redisUrl);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

function cluster() {
  const prefix = `kawan-test:${randomBytes(4).toString('hex')}`;
  prefixes.push(prefix);
  return {
    prefix,
    node: (extra: Parameters<typeof startRealtime>[0] = {}) =>
      startRealtime({ redisUrl, redisPrefix: prefix, heartbeatInterval: 0.2, nodeTimeout: 3, ...extra }),
  };
}

/** Polls an async check every 20 ms until it holds (waitFor takes synchronous checks only). */
async function eventually(check: () => Promise<boolean>, timeout: number, what: string): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A realtime process of its own (support/node-process.ts) on the cluster's Redis, to be killed. */
function spawnNode(prefix: string, env: Record<string, string> = {}): { process: ChildProcess; port: Promise<number> } {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./support/node-process.ts', import.meta.url))],
    {
      env: { ...process.env, REDIS_URL: redisUrl, REALTIME_PREFIX: prefix, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return { process: child, port };
}

async function subscribeRaw(client: RawClient, channel: string, extra: Record<string, unknown> = {}) {
  client.send({ event: 'pusher:subscribe', data: { channel, auth: '', ...extra } });
  await client.waitFor(
    (frame) => frame.event === 'pusher_internal:subscription_succeeded' && frame.channel === channel,
  );
}

describe.runIf(redisUrl)('scale-out through Redis', () => {
  it('62: an event published through one process reaches sockets on every process exactly once; socket_id is honoured everywhere', async () => {
    const { node } = cluster();
    const a = await node();
    const b = await node();
    const onA = await RawClient.connect(a.port);
    const onB = await RawClient.connect(b.port);
    const excludedOnB = await RawClient.connect(b.port);
    for (const client of [onA, onB, excludedOnB]) await subscribeRaw(client, 'orders');

    for (let n = 0; n < 20; n++) await a.sdk.trigger('orders', 'api', { n });
    for (let n = 0; n < 20; n++) await b.server.publish(testApp.id, ['orders'], 'inproc', JSON.stringify({ n }));
    await a.sdk.trigger('orders', 'others', {}, { socket_id: excludedOnB.socketId });
    await b.server.publish(testApp.id, ['orders'], 'others2', '{}', { exceptSocketId: excludedOnB.socketId });
    for (const client of [onA, onB]) {
      await waitFor(() => client.events('others2').length === 1, 5000, 'all events');
    }
    await sleep(300);
    for (const client of [onA, onB]) {
      expect(client.events('api').map((frame) => data<{ n: number }>(frame).n)).toEqual([...Array(20).keys()]);
      expect(client.events('inproc').map((frame) => data<{ n: number }>(frame).n)).toEqual([...Array(20).keys()]);
      expect(client.events('others')).toHaveLength(1);
    }
    expect(excludedOnB.events('api')).toHaveLength(20);
    expect(excludedOnB.events('others')).toHaveLength(0);
    expect(excludedOnB.events('others2')).toHaveLength(0);
  });

  it('38: presence is one list across processes; member events cross processes; dedup by user is global', async () => {
    const { node } = cluster();
    const a = await node();
    const b = await node();
    const auth = await startAuthServer(testApp);
    const alice = await echoClient(a.port, auth, { user: 1, name: 'Alice' });
    const aliceRoom = alice.join('room');
    await new Promise((resolve) => aliceRoom.here(resolve));
    const joined: unknown[] = [];
    const left: unknown[] = [];
    aliceRoom.joining((info: unknown) => joined.push(info)).leaving((info: unknown) => left.push(info));

    const bob = await echoClient(b.port, auth, { user: 2, name: 'Bob' });
    const bobHere = await new Promise<unknown[]>((resolve) => bob.join('room').here(resolve));
    expect(bobHere).toEqual(expect.arrayContaining([{ name: 'Alice' }, { name: 'Bob' }]));
    expect(bobHere).toHaveLength(2);
    await waitFor(() => joined.length === 1);

    // Bob again, on process A this time: nobody is told, the list still has two users.
    const bobAgain = pusherClient(a.port, auth, { user: 2, name: 'Bob' });
    await subscribed(bobAgain, 'presence-room');
    expect((await a.server.presenceMembers(testApp.id, 'presence-room')).map((member) => member.id).sort()).toEqual([
      '1',
      '2',
    ]);
    expect((await b.server.channel(testApp.id, 'presence-room')).userCount).toBe(2);
    expect((await b.server.channel(testApp.id, 'presence-room')).subscriptionCount).toBe(3);
    const users = await (await b.sdk.get({ path: '/channels/presence-room/users' })).json();
    expect(users.users).toHaveLength(2);

    bob.disconnect();
    await sleep(400);
    expect(left).toEqual([]);
    bobAgain.disconnect();
    await waitFor(() => left.length === 1);
    await sleep(200);
    expect(joined).toEqual([{ name: 'Bob' }]);
    expect(left).toEqual([{ name: 'Bob' }]);
  });

  it('shares channel state, cache channels, whispers, sign-in routing and termination', async () => {
    const { node } = cluster();
    const a = await node();
    const b = await node();
    const auth = await startAuthServer(testApp);

    const onB = pusherClient(b.port, auth, { user: 5 });
    await subscribed(onB, 'orders');
    expect(
      await (await a.sdk.get({ path: '/channels/orders', params: { info: 'subscription_count' } })).json(),
    ).toEqual({
      occupied: true,
      subscription_count: 1,
    });
    expect((await a.server.channels(testApp.id)).map((channel) => channel.name)).toEqual(['orders']);

    await a.sdk.trigger('cache-news', 'headline', { n: 1 });
    const late = await RawClient.connect(b.port);
    late.send({ event: 'pusher:subscribe', data: { channel: 'cache-news', auth: '' } });
    const replay = await late.waitFor((frame) => frame.event === 'headline');
    expect(data(replay)).toEqual({ n: 1 });

    const whisperer = pusherClient(a.port, auth, { user: 6 });
    const whisperChannel = await subscribed(whisperer, 'private-chat');
    const listening = await subscribed(onB, 'private-chat');
    const heard = new Promise((resolve) => listening.bind('client-typing', resolve));
    whisperChannel.trigger('client-typing', { on: true });
    expect(await heard).toEqual({ on: true });

    onB.signin();
    await waitFor(() => onB.user.serverToUserChannel?.subscribed, 5000, 'signin');
    const direct = new Promise((resolve) => onB.user.bind('direct', resolve));
    await a.sdk.sendToUser('5', 'direct', { hello: 5 });
    expect(await direct).toEqual({ hello: 5 });

    await a.sdk.terminateUserConnections('5');
    await waitFor(() => onB.connection.state === 'disconnected', 5000, 'terminated on the other process');
    expect(whisperer.connection.state).toBe('connected');
  });

  it('holds max_connections exactly across processes, at once, and GET /connections counts every process exactly', async () => {
    const { node } = cluster();
    // Heartbeats 5 s apart, as in production: the count must not depend on them.
    const slow = { heartbeatInterval: 5, nodeTimeout: 20, app: { maxConnections: 1 } };
    const a = await node(slow);
    const b = await node(slow);
    const connections = async (target: typeof a) =>
      ((await (await target.sdk.get({ path: '/connections' })).json()) as { connections: number }).connections;

    const first = await RawClient.connect(a.port);
    expect(first.frames[0].event).toBe('pusher:connection_established');
    const refused = await RawClient.connect(b.port);
    expect(data(refused.frames[0])).toEqual({ code: 4004, message: 'Application is over connection quota' });
    expect((await refused.waitClosed()).code).toBe(4004);
    expect(await connections(a)).toBe(1);
    expect(await connections(b)).toBe(1);
    expect(await b.server.countConnections(testApp.id)).toBe(1);
    expect([a.server.connectionCount(testApp.id), b.server.connectionCount(testApp.id)]).toEqual([1, 0]);

    // Closed on A: the slot is free on B as soon as the close is handled.
    first.ws.close();
    await eventually(async () => (await connections(b)) === 0, 5000, 'the close counted');
    const second = await RawClient.connect(b.port);
    expect(second.frames[0].event).toBe('pusher:connection_established');
    second.ws.close();
    await eventually(async () => (await connections(a)) === 0, 5000, 'the close counted');

    // Clients connecting to both processes at the same moment: exactly one gets in.
    for (let round = 0; round < 5; round++) {
      const racers = await Promise.all([RawClient.connect(a.port), RawClient.connect(b.port)]);
      const established = racers.filter((client) => client.frames[0].event === 'pusher:connection_established');
      expect(established).toHaveLength(1);
      expect(await connections(a)).toBe(1);
      for (const client of racers) client.ws.close();
      await eventually(async () => (await connections(a)) === 0, 5000, 'the closes counted');
    }
  });

  it("a killed process's connections stop counting once it is reaped", async () => {
    const { prefix, node } = cluster();
    const a = await node({ app: { maxConnections: 1 } });
    const child = spawnNode(prefix, { REALTIME_MAX_CONNECTIONS: '1' });
    try {
      const port = await child.port;
      const doomed = await RawClient.connect(port);
      expect(doomed.frames[0].event).toBe('pusher:connection_established');
      const refused = await RawClient.connect(a.port);
      expect(data(refused.frames[0])).toMatchObject({ code: 4004 });
      expect(await a.server.countConnections(testApp.id)).toBe(1);

      child.process.kill('SIGKILL');
      await eventually(async () => (await a.server.countConnections(testApp.id)) === 0, 10_000, 'the dead process reaped');
      const admitted = await RawClient.connect(a.port);
      expect(admitted.frames[0].event).toBe('pusher:connection_established');
      expect(await a.server.countConnections(testApp.id)).toBe(1);
    } finally {
      child.process.kill('SIGKILL');
    }
  });

  it("reaps a killed process's share: its members leave (member_removed) and its channels empty", async () => {
    const { prefix, node } = cluster();
    const a = await node();
    const child = spawnNode(prefix);
    try {
      const port = await child.port;
      const watcher = await RawClient.connect(a.port);
      await subscribeRaw(watcher, 'presence-room', {
        ...sdkFor(a.port).authorizeChannel(watcher.socketId, 'presence-room', { user_id: 'w' }),
      });
      const doomed = await RawClient.connect(port);
      await subscribeRaw(doomed, 'presence-room', {
        ...sdkFor(port).authorizeChannel(doomed.socketId, 'presence-room', { user_id: 'd' }),
      });
      await subscribeRaw(doomed, 'orders');
      await watcher.waitFor((frame) => frame.event === 'pusher_internal:member_added');
      expect((await a.server.channels(testApp.id)).map((channel) => channel.name)).toEqual(['orders', 'presence-room']);

      child.process.kill('SIGKILL');
      const removed = await watcher.waitFor((frame) => frame.event === 'pusher_internal:member_removed', 10_000);
      expect(data(removed)).toEqual({ user_id: 'd' });
      expect(await a.server.presenceMembers(testApp.id, 'presence-room')).toEqual([{ id: 'w', info: null }]);
      expect((await a.server.channels(testApp.id)).map((channel) => channel.name)).toEqual(['presence-room']);
    } finally {
      child.process.kill('SIGKILL');
    }
  });
});
