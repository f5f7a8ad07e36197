import type { JoinOutcome, LeaveOutcome, PresenceMember } from './presence';

/**
 * What the protocol core needs from the outside world, with no sockets and no Redis in sight:
 * the shared channel state (counts, presence, cache) and a bus carrying events to every process.
 * scaling/ implements both in memory (one process) and over Redis (any number of processes).
 */
export interface ChannelCounts {
  /** Connections subscribed (every process). */
  subscriptionCount: number;
  /** Distinct users (presence channels only). */
  userCount?: number;
}

export interface CachedEvent {
  /** The whole frame as first delivered. */
  frame: string;
  /** Seconds left to live. */
  ttl: number;
}

/** What counting a new connection against its app's limit gave. */
export type AddConnectionOutcome =
  /** Counted: the connection may open. */
  | 'added'
  /** The app already holds its maximum (every process counted): refuse with 4004. */
  | 'full'
  /** Another connection somewhere already has this socket id: draw another. */
  | 'taken';

/** A connection this process holds, as the shared count knows it. */
export interface HeldConnection {
  appId: string;
  socketId: string;
}

export interface SharedState {
  /**
   * Counts one more connection of the app, atomically with the check, unless `max` connections are
   * already held on every process together (Infinity: no limit).
   */
  addConnection(appId: string, socketId: string, max: number): Promise<AddConnectionOutcome>;
  /** The connection closed (a second call, or one for a connection never counted, changes nothing). */
  removeConnection(appId: string, socketId: string): Promise<void>;
  /** Counts again, without any limit, connections this process holds (after its share was reaped). */
  restoreConnections(connections: HeldConnection[]): Promise<void>;
  /** Connections the app holds on every process, exactly. */
  connectionCount(appId: string): Promise<number>;
  /** One more connection on a non-presence channel. */
  subscribe(appId: string, channel: string): Promise<void>;
  unsubscribe(appId: string, channel: string): Promise<void>;
  /** One more connection of `member` on a presence channel (also counted as a subscription). */
  join(appId: string, channel: string, member: PresenceMember, maxMembers: number): Promise<JoinOutcome>;
  leave(appId: string, channel: string, userId: string): Promise<LeaveOutcome>;
  members(appId: string, channel: string): Promise<PresenceMember[]>;
  /** Occupied channels only. */
  channels(appId: string): Promise<Map<string, ChannelCounts>>;
  channel(appId: string, channel: string): Promise<ChannelCounts>;
  setCache(appId: string, channel: string, frame: string, ttlSeconds: number): Promise<void>;
  getCache(appId: string, channel: string): Promise<CachedEvent | undefined>;
}

export type BusMessage =
  | {
      type: 'event';
      appId: string;
      channels: string[];
      event: string;
      /** A string for server events (forwarded as is), any JSON value for client events. */
      data: unknown;
      /** The socket left out (the API's socket_id, the whispering client, the joining member). */
      except?: string;
      /** Presence client events: the sender's user id (top-level `user_id` of the frame). */
      userId?: string | number;
    }
  | { type: 'terminate'; appId: string; userId: string };

/** Delivers each message exactly once to every process, this one included. */
export interface Bus {
  publish(message: BusMessage): Promise<void>;
}

/** Callbacks a scaling driver gets from the server. */
export interface ScalingHandlers {
  /** Fan a bus message out to this process's sockets. */
  deliver(message: BusMessage): void;
  /** This process was presumed dead and its shared state reaped: count its connections and
   * subscriptions again. */
  rejoin(): Promise<void>;
  /** Connections per app held by this process (published at each heartbeat, for operators). */
  localConnections(): Record<string, number>;
}

export interface ScalingDriver {
  readonly state: SharedState;
  readonly bus: Bus;
  readonly kind: 'local' | 'redis';
  attach(handlers: ScalingHandlers): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  healthy(): boolean;
}
