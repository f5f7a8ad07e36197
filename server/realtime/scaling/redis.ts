import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { Logger } from '../../support/logger';
import { redisLocation } from '../../support/redis';
import { channelType } from '../protocol/channels';
import type {
  AddConnectionOutcome,
  Bus,
  BusMessage,
  CachedEvent,
  ChannelCounts,
  HeldConnection,
  ScalingDriver,
  ScalingHandlers,
  SharedState,
} from '../protocol/ports';
import { memberRemovedData, type JoinOutcome, type LeaveOutcome, type PresenceMember } from '../protocol/presence';
import { addConnectionScript, joinScript, leaveScript, reapScript, subscribeScript } from './redis-scripts';

export interface RedisScalingOptions {
  url: string;
  logger: Logger;
  /** Namespace of every key and of the pub/sub channel (one per deployment). */
  prefix?: string;
  nodeId?: string;
  /** Milliseconds between heartbeats (5 000). */
  heartbeatInterval?: number;
  /** A process silent this long (ms, 20 000) is presumed dead and its share of the state reaped. */
  nodeTimeout?: number;
}

interface Envelope {
  /** Sending node. */
  n: string;
  m: BusMessage;
}

interface NodeInfo {
  at: number;
  connections: Record<string, number>;
}

type Script = (...args: (string | number)[]) => Promise<unknown>;

/**
 * Any number of processes sharing one Redis: every event is published once on one pub/sub channel;
 * the publishing process delivers to its own sockets at once and ignores its echo, every other
 * process delivers on receipt (so each socket gets it exactly once, wherever it was published).
 * Connection counts, subscription counts, presence membership and cache channels live in Redis,
 * updated atomically by Lua scripts, so the per-app connection limit holds exactly across processes
 * and presence lists and member_added/member_removed are global. Each process records its own share
 * and sends heartbeats; the survivors reap a silent process's share (its connections uncounted) and
 * announce member_removed for the users it held.
 */
export class RedisScaling implements ScalingDriver, SharedState, Bus {
  readonly kind = 'redis' as const;
  readonly state: SharedState = this;
  readonly bus: Bus = this;
  readonly nodeId: string;
  private readonly prefix: string;
  private readonly busChannel: string;
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly logger: Logger;
  private readonly heartbeatInterval: number;
  private readonly nodeTimeout: number;
  private handlers?: ScalingHandlers;
  private timer?: NodeJS.Timeout;
  private registered = false;
  private stopped = false;
  /** REDIS_URL without credentials, for messages. */
  private readonly where: string;

  constructor(options: RedisScalingOptions) {
    this.logger = options.logger;
    this.prefix = options.prefix ?? 'kawan:realtime';
    this.busChannel = `${this.prefix}:bus`;
    this.nodeId = options.nodeId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.heartbeatInterval = options.heartbeatInterval ?? 5_000;
    this.nodeTimeout = options.nodeTimeout ?? 20_000;
    this.where = redisLocation(options.url);
    this.redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(options.url, { lazyConnect: true });
    this.redis.defineCommand('rtAddConnection', { numberOfKeys: 2, lua: addConnectionScript });
    this.redis.defineCommand('rtSubscribe', { numberOfKeys: 2, lua: subscribeScript });
    this.redis.defineCommand('rtJoin', { numberOfKeys: 4, lua: joinScript });
    this.redis.defineCommand('rtLeave', { numberOfKeys: 4, lua: leaveScript });
    this.redis.defineCommand('rtReap', { numberOfKeys: 4, lua: reapScript });
    for (const client of [this.redis, this.subscriber]) {
      client.on('error', (error: Error) => {
        if (!this.stopped) this.logger.error({ err: error }, 'realtime redis error');
      });
    }
    this.subscriber.on('messageBuffer', (_channel: Buffer, payload: Buffer) => this.received(payload));
  }

  attach(handlers: ScalingHandlers): void {
    this.handlers = handlers;
  }

  async start(): Promise<void> {
    // A command sent before start (publish before listen) may already have opened the connection.
    try {
      await Promise.all(
        [this.redis, this.subscriber].map((client) => (client.status === 'wait' ? client.connect() : undefined)),
      );
    } catch (error) {
      throw new Error(`Realtime scaling: Redis at ${this.where} is not reachable (${(error as Error).message})`, {
        cause: error,
      });
    }
    await this.subscriber.subscribe(this.busChannel);
    await this.heartbeat();
    this.timer = setInterval(() => void this.heartbeat(), this.heartbeatInterval);
    this.timer.unref();
    this.logger.info({ node: this.nodeId, prefix: this.prefix }, 'realtime scaling through redis');
  }

  /** Takes this process's remaining share out (the connections were closed first) and disconnects. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    try {
      if (this.redis.status === 'ready') await this.reap(this.nodeId);
    } finally {
      this.stopped = true;
      this.subscriber.disconnect();
      this.redis.disconnect();
    }
  }

  healthy(): boolean {
    return this.redis.status === 'ready' && this.subscriber.status === 'ready';
  }

  async publish(message: BusMessage): Promise<void> {
    this.handlers?.deliver(message);
    await this.redis.publish(this.busChannel, JSON.stringify({ n: this.nodeId, m: message } satisfies Envelope));
  }

  async addConnection(appId: string, socketId: string, max: number): Promise<AddConnectionOutcome> {
    const held = (await this.script('rtAddConnection')(
      this.key('connections', appId),
      this.nodeConnectionsKey(this.nodeId),
      socketId,
      `${appId}\n${socketId}`,
      Number.isFinite(max) ? max : -1,
    )) as number;
    return held === -2 ? 'taken' : held === -1 ? 'full' : 'added';
  }

  async removeConnection(appId: string, socketId: string): Promise<void> {
    await this.redis
      .multi()
      .srem(this.key('connections', appId), socketId)
      .srem(this.nodeConnectionsKey(this.nodeId), `${appId}\n${socketId}`)
      .exec();
  }

  async restoreConnections(connections: HeldConnection[]): Promise<void> {
    if (connections.length === 0) return;
    const transaction = this.redis.multi();
    for (const { appId, socketId } of connections) {
      transaction.sadd(this.key('connections', appId), socketId);
      transaction.sadd(this.nodeConnectionsKey(this.nodeId), `${appId}\n${socketId}`);
    }
    await transaction.exec();
  }

  async connectionCount(appId: string): Promise<number> {
    return this.redis.scard(this.key('connections', appId));
  }

  async subscribe(appId: string, channel: string): Promise<void> {
    await this.script('rtSubscribe')(
      this.key('channels', appId),
      this.nodeKey(),
      channel,
      this.channelField(appId, channel),
      1,
    );
  }

  async unsubscribe(appId: string, channel: string): Promise<void> {
    await this.script('rtSubscribe')(
      this.key('channels', appId),
      this.nodeKey(),
      channel,
      this.channelField(appId, channel),
      -1,
    );
  }

  async join(appId: string, channel: string, member: PresenceMember, maxMembers: number): Promise<JoinOutcome> {
    const userId = String(member.user_id);
    const result = (await this.script('rtJoin')(
      this.key('channels', appId),
      this.nodeKey(),
      this.key('presence', appId, channel),
      this.key('members', appId, channel),
      channel,
      this.channelField(appId, channel),
      userId,
      JSON.stringify(member),
      this.presenceField(appId, channel, userId),
      Number.isFinite(maxMembers) ? maxMembers : 2 ** 31,
    )) as [number, ...string[]];
    const [connections, ...members] = result;
    if (connections === -1) return { accepted: false, first: false, members: [] };
    return { accepted: true, first: connections === 1, members: members.map(parseMember) };
  }

  async leave(appId: string, channel: string, userId: string): Promise<LeaveOutcome> {
    const removed = (await this.script('rtLeave')(
      this.key('channels', appId),
      this.nodeKey(),
      this.key('presence', appId, channel),
      this.key('members', appId, channel),
      channel,
      this.channelField(appId, channel),
      userId,
      this.presenceField(appId, channel, userId),
    )) as string | null;
    return removed ? { removed: parseMember(removed) } : {};
  }

  async members(appId: string, channel: string): Promise<PresenceMember[]> {
    return (await this.redis.hvals(this.key('members', appId, channel))).map(parseMember);
  }

  async channels(appId: string): Promise<Map<string, ChannelCounts>> {
    const counts = await this.redis.hgetall(this.key('channels', appId));
    const result = new Map<string, ChannelCounts>();
    const presence: string[] = [];
    for (const [channel, count] of Object.entries(counts)) {
      const subscriptionCount = Number(count);
      if (subscriptionCount <= 0) continue;
      result.set(channel, { subscriptionCount });
      if (channelType(channel).kind === 'presence') presence.push(channel);
    }
    if (presence.length > 0) {
      const pipeline = this.redis.pipeline();
      for (const channel of presence) pipeline.hlen(this.key('presence', appId, channel));
      const replies = (await pipeline.exec()) ?? [];
      presence.forEach((channel, index) => {
        const counts = result.get(channel);
        if (counts) counts.userCount = Number(replies[index]?.[1] ?? 0);
      });
    }
    return result;
  }

  async channel(appId: string, channel: string): Promise<ChannelCounts> {
    const subscriptionCount = Math.max(0, Number((await this.redis.hget(this.key('channels', appId), channel)) ?? 0));
    if (channelType(channel).kind !== 'presence') return { subscriptionCount };
    return { subscriptionCount, userCount: await this.redis.hlen(this.key('presence', appId, channel)) };
  }

  async setCache(appId: string, channel: string, frame: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key('cache', appId, channel), frame, 'EX', Math.max(1, Math.round(ttlSeconds)));
  }

  async getCache(appId: string, channel: string): Promise<CachedEvent | undefined> {
    const key = this.key('cache', appId, channel);
    const replies = (await this.redis.pipeline().get(key).ttl(key).exec()) ?? [];
    const frame = replies[0]?.[1];
    if (typeof frame !== 'string') return undefined;
    return { frame, ttl: Math.max(0, Number(replies[1]?.[1] ?? 0)) };
  }

  /** Registers this process (with its connection counts, for operators) and reaps the silent ones. */
  private async heartbeat(): Promise<void> {
    if (this.stopped) return;
    try {
      const now = Date.now();
      const info: NodeInfo = { at: now, connections: this.handlers?.localConnections() ?? {} };
      const replies = (await this.redis
        .multi()
        .zadd(this.key('nodes'), now, this.nodeId)
        .hset(this.key('nodeinfo'), this.nodeId, JSON.stringify(info))
        .exec()) as [[Error | null, number], unknown] | null;
      const added = replies?.[0]?.[1];
      if (this.registered && added === 1) {
        this.logger.warn({ node: this.nodeId }, 'realtime node was presumed dead and reaped: rejoining');
        await this.handlers?.rejoin();
      }
      this.registered = true;

      const dead = await this.redis.zrangebyscore(this.key('nodes'), 0, now - this.nodeTimeout);
      for (const node of dead) if (node !== this.nodeId) await this.reap(node);
    } catch (error) {
      if (!this.stopped) this.logger.error({ err: error }, 'realtime heartbeat failed');
    }
  }

  /** Takes a process's share out of the shared state and announces the users that left with it. */
  private async reap(node: string): Promise<void> {
    const removed = (await this.script('rtReap')(
      `${this.prefix}:node:${node}`,
      this.key('nodes'),
      this.key('nodeinfo'),
      this.nodeConnectionsKey(node),
      this.prefix,
      node,
    )) as string[];
    if (node !== this.nodeId) this.logger.warn({ node, members: removed.length / 3 }, 'realtime node reaped');
    for (let index = 0; index + 2 < removed.length; index += 3) {
      const member = parseMember(removed[index + 2]);
      await this.publish({
        type: 'event',
        appId: removed[index],
        channels: [removed[index + 1]],
        event: 'pusher_internal:member_removed',
        data: memberRemovedData(member),
      });
    }
  }

  private received(payload: Buffer): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload.toString('utf8')) as Envelope;
    } catch {
      this.logger.warn('realtime: unreadable message on the redis bus');
      return;
    }
    if (envelope.n === this.nodeId) return;
    this.handlers?.deliver(envelope.m);
  }

  private script(name: string): Script {
    const command = (this.redis as unknown as Record<string, Script>)[name];
    return command.bind(this.redis);
  }

  private key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  private nodeKey(): string {
    return `${this.prefix}:node:${this.nodeId}`;
  }

  private nodeConnectionsKey(node: string): string {
    return `${this.prefix}:node-connections:${node}`;
  }

  private channelField(appId: string, channel: string): string {
    return `c\n${appId}\n${channel}`;
  }

  private presenceField(appId: string, channel: string, userId: string): string {
    return `p\n${appId}\n${channel}\n${userId}`;
  }
}

function parseMember(json: string): PresenceMember {
  return JSON.parse(json) as PresenceMember;
}
