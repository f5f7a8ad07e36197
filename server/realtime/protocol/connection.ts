import type { ResolvedApp } from '../apps';
import type { ChannelType } from './channels';
import type { PresenceMember } from './presence';
import { TokenBucket } from './rate-limiter';

/** What the core asks of a socket; the transport (ws) implements it. */
export interface ConnectionPort {
  send(frame: string): void;
  close(code: number, reason: string): void;
  /** An RFC 6455 ping frame. */
  ping(): void;
}

export interface ConnectionMeta {
  ip?: string;
  origin?: string;
}

export interface Subscription {
  channel: string;
  type: ChannelType;
  /** Presence channels: this connection's member. */
  member?: PresenceMember;
  /** Until subscription_succeeded is sent, events are held here so they arrive after it, in order. */
  pending: boolean;
  buffer: string[];
}

/** One client connection's protocol state. */
export class Connection {
  readonly subscriptions = new Map<string, Subscription>();
  /** Set by a valid pusher:signin. */
  user?: { id: string; data: string };
  lastSeen: number;
  /** When the server pinged this silent connection (cleared by any activity). */
  pingedAt?: number;
  closed = false;
  readonly clientEvents: TokenBucket;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socketId: string,
    readonly app: ResolvedApp,
    readonly port: ConnectionPort,
    now: number,
    readonly meta: ConnectionMeta = {},
  ) {
    this.lastSeen = now;
    this.clientEvents = new TokenBucket(app.clientEventsPerSecond, now);
  }

  touch(now: number): void {
    this.lastSeen = now;
    this.pingedAt = undefined;
  }

  send(frame: string): void {
    if (!this.closed) this.port.send(frame);
  }

  /** Runs `task` after every earlier task of this connection: messages are handled in order. */
  enqueue(task: () => Promise<void> | void, onError: (error: unknown) => void): Promise<void> {
    this.queue = this.queue.then(task).catch(onError);
    return this.queue;
  }

  /** Resolves once every queued task has run. */
  drained(): Promise<void> {
    return this.queue;
  }
}
