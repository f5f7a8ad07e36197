import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../support/logger';
import { AppRegistry, type RealtimeApp, type ResolvedApp } from './apps';
import { apiRequestListener } from './http-api/node-listener';
import {
  channelType,
  isValidChannelName,
  isValidEventName,
  serverToUserChannel,
  serverToUserPrefix,
} from './protocol/channels';
import { ErrorCode, ErrorMessage } from './protocol/errors';
import type { ScalingDriver } from './protocol/ports';
import { PusherProtocol } from './protocol/pusher-protocol';
import { isValidSocketId } from './protocol/socket-id';
import { LocalScaling } from './scaling/local';
import { RedisScaling } from './scaling/redis';
import { WebSocketTransport } from './transport/ws-transport';

export type { RealtimeApp } from './apps';

export interface RealtimeServerOptions {
  apps: RealtimeApp[];
  logger: Logger;
  /** With it, any number of processes share fan-out, presence, channel state and cache channels. */
  redisUrl?: string;
  /** Default allowed browser origins for apps that name none (`*` when absent). */
  allowedOrigins?: string[];
  /** Namespace of the Redis keys and pub/sub channel ('kawan:realtime'): one per deployment. */
  redisPrefix?: string;
  /** Seconds, sent as connection_established.activity_timeout (30, as Reverb); the server pings
   * a connection silent that long. */
  activityTimeout?: number;
  /** Seconds a pinged connection has to answer before it is closed with 4201 (30). */
  pongTimeout?: number;
  /** Seconds between keep-alive sweeps (5, less when the timeouts are short). */
  sweepInterval?: number;
  /** Seconds an HTTP API auth_timestamp may be off (600). */
  apiTimestampWindow?: number;
  /** Largest HTTP API request body in bytes (512 KiB) → 413. */
  maxRequestSize?: number;
  /** Unsent bytes after which a slow socket is closed with 4100 (1 MiB). */
  maxBufferedAmount?: number;
  /** Seconds a cache channel remembers its last event (1 800, Pusher's 30 minutes). */
  cacheTtl?: number;
  /** Scaling: seconds between heartbeats (5) and of silence after which a process is reaped (20). */
  heartbeatInterval?: number;
  nodeTimeout?: number;
  /** Scaling: this process's name in Redis (host:pid:random). */
  nodeId?: string;
}

/** An occupied channel. */
export interface RealtimeChannel {
  name: string;
  /** Connections subscribed, every process counted. */
  subscriptionCount: number;
  /** Distinct users (presence channels). */
  userCount?: number;
}

export interface RealtimeChannelInfo {
  occupied: boolean;
  subscriptionCount: number;
  userCount?: number;
}

export interface PresenceMemberInfo {
  /** String(user_id) as sent in channel_data. */
  id: string;
  /** user_info as sent in channel_data (null when none). */
  info: unknown;
}

/**
 * Kawan's Pusher-protocol-7 server (Reverb-compatible): WebSocket connections on /app/{key} and the
 * Pusher HTTP API on one port, several apps, and optionally Redis to scale out. The app side
 * publishes in-process through this object, or through the `pusher` SDK over HTTP.
 */
export class RealtimeServer {
  readonly apps: AppRegistry;
  private readonly logger: Logger;
  private readonly scaling: ScalingDriver;
  private readonly protocol: PusherProtocol;
  private readonly transport: WebSocketTransport;
  private readonly sweepMs: number;
  private server?: Server;
  private sweeper?: NodeJS.Timeout;
  private closing?: Promise<void>;

  constructor(private readonly options: RealtimeServerOptions) {
    this.logger = options.logger;
    this.apps = new AppRegistry(options.apps, options.allowedOrigins);
    const activityTimeout = options.activityTimeout ?? 30;
    const pongTimeout = options.pongTimeout ?? 30;
    this.sweepMs = 1000 * (options.sweepInterval ?? Math.min(5, activityTimeout / 4, pongTimeout / 4));
    this.scaling = options.redisUrl
      ? new RedisScaling({
          url: options.redisUrl,
          logger: this.logger,
          prefix: options.redisPrefix,
          nodeId: options.nodeId,
          heartbeatInterval: 1000 * (options.heartbeatInterval ?? 5),
          nodeTimeout: 1000 * (options.nodeTimeout ?? 20),
        })
      : new LocalScaling();
    this.protocol = new PusherProtocol(this.scaling.state, this.scaling.bus, this.logger, {
      activityTimeout,
      pongTimeout,
      cacheTtl: options.cacheTtl ?? 1800,
    });
    this.scaling.attach({
      deliver: (message) => this.protocol.deliver(message),
      rejoin: () => this.protocol.rejoin(),
      localConnections: () => this.protocol.connectionCounts(),
    });
    this.transport = new WebSocketTransport({
      apps: this.apps,
      protocol: this.protocol,
      logger: this.logger,
      maxBufferedAmount: options.maxBufferedAmount ?? 1024 * 1024,
    });
  }

  /** Starts WebSocket + HTTP API on `port` (0: any free one) and, with Redis, joins the cluster. */
  async listen(port: number, host?: string): Promise<{ port: number }> {
    if (this.server) throw new Error('The realtime server is already listening');
    try {
      await this.scaling.start();
    } catch (error) {
      await this.scaling.stop().catch(() => undefined);
      throw error;
    }
    const server = createServer(
      apiRequestListener(
        {
          app: (id) => this.apps.byId(id),
          publish: (appId, channels, event, data, except) =>
            this.protocol.publish(appId, channels, event, data, except),
          channels: (appId) => this.scaling.state.channels(appId),
          channel: (appId, channel) => this.scaling.state.channel(appId, channel),
          members: (appId, channel) => this.scaling.state.members(appId, channel),
          cache: (appId, channel) => this.scaling.state.getCache(appId, channel),
          terminate: (appId, userId) => this.protocol.terminateUser(appId, userId),
          connections: (appId) => this.scaling.state.connectionCount(appId),
          healthy: () => this.scaling.healthy(),
        },
        {
          timestampWindow: this.options.apiTimestampWindow ?? 600,
          maxRequestSize: this.options.maxRequestSize ?? 512 * 1024,
          logger: this.logger,
        },
      ),
    );
    server.on('upgrade', (request, socket, head: Buffer) => {
      if (this.closing) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.transport.handleUpgrade(request, socket, head);
    });
    server.on('clientError', (_error, socket) => socket.destroy());
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      await this.scaling.stop();
      throw error;
    }
    server.on('error', (error) => this.logger.error({ err: error }, 'realtime server error'));
    this.server = server;
    this.sweeper = setInterval(() => this.protocol.sweep(), this.sweepMs);
    this.sweeper.unref();
    const address = server.address() as AddressInfo;
    this.logger.info(
      { port: address.port, apps: this.apps.all().map((app) => app.id), scaling: this.scaling.kind },
      'realtime server listening',
    );
    return { port: address.port };
  }

  /** Stops accepting, closes every connection with 4200 (clients reconnect elsewhere), leaves the cluster. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.sweeper) clearInterval(this.sweeper);
      const server = this.server;
      const stopped = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
      await this.protocol.closeAll(ErrorCode.GenericReconnect, ErrorMessage.shuttingDown);
      this.transport.close();
      try {
        await this.scaling.stop();
      } finally {
        server?.closeAllConnections();
        await stopped;
        this.logger.info('realtime server stopped');
      }
    })();
    return this.closing;
  }

  /** The port listened on (undefined before listen). */
  get port(): number | undefined {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : undefined;
  }

  /**
   * Publishes an event (data: a string, normally JSON) on channels, on every process, leaving out
   * the socket `exceptSocketId` (Laravel's toOthers; an id that is not a socket id is ignored).
   * Cache channels remember it. Throws on an unknown app or an invalid channel or event name.
   */
  async publish(
    appId: string,
    channels: string[],
    event: string,
    data: string,
    options: { exceptSocketId?: string } = {},
  ): Promise<void> {
    this.app(appId);
    if (channels.length === 0) return;
    for (const channel of channels) {
      if (!isValidChannelName(channel)) throw new Error(`Invalid channel name: ${channel}`);
    }
    if (!isValidEventName(event)) throw new Error(`Invalid event name: ${event}`);
    if (typeof data !== 'string') throw new Error('Event data must be a string (JSON-encode it first)');
    const except = isValidSocketId(options.exceptSocketId) ? options.exceptSocketId : undefined;
    await this.protocol.publish(appId, [...new Set(channels)], event, data, except);
  }

  /** An event for every connection signed in (pusher:signin) as the user: `#server-to-user-{id}`. */
  sendToUser(appId: string, userId: string, event: string, data: string): Promise<void> {
    return this.publish(appId, [serverToUserChannel(userId)], event, data);
  }

  /** Occupied channels (every process), optionally those starting with `prefix`. */
  async channels(appId: string, options: { prefix?: string } = {}): Promise<RealtimeChannel[]> {
    this.app(appId);
    const prefix = options.prefix ?? '';
    const result: RealtimeChannel[] = [];
    for (const [name, counts] of await this.scaling.state.channels(appId)) {
      if (counts.subscriptionCount <= 0 || name.startsWith(serverToUserPrefix) || !name.startsWith(prefix)) continue;
      result.push({ name, ...counts });
    }
    return result.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async channel(appId: string, channel: string): Promise<RealtimeChannelInfo> {
    this.app(appId);
    const counts = await this.scaling.state.channel(appId, channel);
    return { occupied: counts.subscriptionCount > 0, ...counts };
  }

  /** Who is on a presence channel, each user once, wherever they are connected. */
  async presenceMembers(appId: string, channel: string): Promise<PresenceMemberInfo[]> {
    this.app(appId);
    if (channelType(channel).kind !== 'presence') throw new Error(`Not a presence channel: ${channel}`);
    const members = await this.scaling.state.members(appId, channel);
    return members.map((member) => ({ id: String(member.user_id), info: member.user_info ?? null }));
  }

  /** Closes (pusher:error + close 4009) every connection signed in as the user, or on a presence
   * channel as the user, on every process. pusher-js does not reconnect those by itself. */
  async terminateUserConnections(appId: string, userId: string): Promise<void> {
    this.app(appId);
    await this.protocol.terminateUser(appId, String(userId));
  }

  /** Connections this process holds for the app (countConnections: every process). */
  connectionCount(appId: string): number {
    return this.protocol.connectionCount(appId);
  }

  /** Connections the app holds on every process, exactly: the count its limit is checked against. */
  async countConnections(appId: string): Promise<number> {
    this.app(appId);
    return this.scaling.state.connectionCount(appId);
  }

  private app(appId: string): ResolvedApp {
    const app = this.apps.byId(appId);
    if (!app) throw new Error(`Unknown realtime app: ${appId}`);
    return app;
  }
}
