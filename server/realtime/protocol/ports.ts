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

export interface SharedState {
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
  /** Connections the other processes held at their last heartbeat (0 without scaling). */
  remoteConnections(appId: string): number;
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
  /** This process was presumed dead and its shared state reaped: count its subscriptions again. */
  rejoin(): Promise<void>;
  /** Connections per app held by this process (reported at each heartbeat). */
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
