import Pusher from 'pusher';
import type { Config } from '../config/env';
import type { Logger } from '../support/logger';
import type { RealtimeServer } from '../realtime/realtime-server';
import { afterCommit } from '../db/after-commit';

/** What actions broadcast: one event, its data (sent as JSON), on one or more channels. */
export interface BroadcastMessage {
  /** Full Pusher channel names: `private-teams.1`, `presence-teams.1`, `orders`. */
  channels: string[];
  /** The wire name: `App\Events\MembershipChanged` (Echo `listen('MembershipChanged')`) or a custom
   * name such as `order.shipped` (Echo `listen('.order.shipped')`). */
  event: string;
  data: Record<string, unknown>;
  /** Laravel's toOthers(): the socket id of the request's X-Socket-Id header, left out. */
  exceptSocketId?: string;
}

/** Where messages go: the realtime server in this process, any Pusher-protocol server, or memory. */
export interface BroadcastDriver {
  readonly name: string;
  publish(message: BroadcastMessage): Promise<void>;
  /** The user ids on a presence channel now (`presence-teams.1`), as the realtime server knows them. */
  presenceUserIds?(channel: string): Promise<string[]>;
}

/** Pusher's limit of channels per trigger (the SDK enforces it). */
const channelsPerTrigger = 100;
const socketIdPattern = /^\d+\.\d+$/;

/** A socket id as the pusher SDK and the realtime server accept it, or undefined. */
export function validSocketId(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 40 && socketIdPattern.test(value) ? value : undefined;
}

/** The sender's socket id (Echo's X-Socket-Id header), for toOthers. */
export function socketIdFrom(req: { get(name: string): string | undefined }): string | undefined {
  return validSocketId(req.get('x-socket-id'));
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/** Publishes through the RealtimeServer running in the same process (no HTTP round trip). */
export class InProcessDriver implements BroadcastDriver {
  readonly name = 'in-process';

  constructor(
    private readonly realtime: RealtimeServer,
    private readonly appId: string,
  ) {}

  async publish(message: BroadcastMessage): Promise<void> {
    await this.realtime.publish(this.appId, message.channels, message.event, JSON.stringify(message.data), {
      exceptSocketId: message.exceptSocketId,
    });
  }

  /** Every process's members when the realtime servers share Redis (its presence state is there). */
  async presenceUserIds(channel: string): Promise<string[]> {
    return (await this.realtime.presenceMembers(this.appId, channel)).map((member) => member.id);
  }
}

/** Publishes through the official `pusher` SDK to any Pusher-protocol server (Kawan's, Reverb, soketi, Pusher). */
export class PusherDriver implements BroadcastDriver {
  readonly name = 'pusher';
  /** Where the SDK sends its HTTP API calls. */
  readonly endpoint: { host: string; port: number; scheme: 'http' | 'https' };
  private readonly client: Pusher;

  constructor(options: {
    appId: string;
    key: string;
    secret: string;
    host: string;
    port: number;
    scheme: 'http' | 'https';
    timeoutMs?: number;
  }) {
    this.endpoint = { host: options.host, port: options.port, scheme: options.scheme };
    this.client = new Pusher({
      appId: options.appId,
      key: options.key,
      secret: options.secret,
      host: options.host,
      port: String(options.port),
      useTLS: options.scheme === 'https',
      timeout: options.timeoutMs ?? 5000,
    });
  }

  async publish(message: BroadcastMessage): Promise<void> {
    const params = message.exceptSocketId ? { socket_id: message.exceptSocketId } : undefined;
    for (const channels of chunks(message.channels, channelsPerTrigger)) {
      await this.client.trigger(channels, message.event, message.data, params);
    }
  }

  /** The HTTP API's `GET /channels/{channel}/users` (Pusher, Reverb, soketi and Kawan's own answer it). */
  async presenceUserIds(channel: string): Promise<string[]> {
    const res = await this.client.get({ path: `/channels/${encodeURIComponent(channel)}/users` });
    const body = (await res.json()) as { users?: Array<{ id?: unknown }> };
    return (body.users ?? []).flatMap((user) => (user.id === undefined ? [] : [String(user.id)]));
  }
}

/** Keeps what was broadcast (tests, and deployments without realtime). */
export class MemoryDriver implements BroadcastDriver {
  readonly name = 'memory';
  readonly sent: BroadcastMessage[] = [];
  /** Who is on each presence channel, as a test sets it. */
  readonly present = new Map<string, string[]>();

  async publish(message: BroadcastMessage): Promise<void> {
    this.sent.push(structuredClone(message));
  }

  async presenceUserIds(channel: string): Promise<string[]> {
    return [...(this.present.get(channel) ?? [])];
  }
}

/**
 * For a script that runs beside the app or without it (`npm run db:seed`): the drivers it returns
 * publish through the ones they wrap while the realtime server answers, so that open pages see what
 * the script does; once a publish fails (the app is not running, so neither is its embedded
 * realtime server, or it refused the script's credentials), one warning, and every driver made by
 * the same call drops the rest, instead of an error for every message.
 */
export function whileReachable(logger: Logger): (inner: BroadcastDriver) => BroadcastDriver {
  let unreachable = false;
  return (inner) => ({
    name: inner.name,
    async publish(message) {
      if (unreachable) return;
      try {
        await inner.publish(message);
      } catch (error) {
        if (unreachable) return;
        unreachable = true;
        logger.warn(
          { reason: failureReason(error), driver: inner.name },
          'publishing to the realtime server failed (is the app running?); live updates skipped from here on',
        );
      }
    },
  });
}

/**
 * A failed publish's reason, short: the pusher SDK's RequestError carries the network's error as
 * `error`, whose message repeats the signed request URL; its code (ECONNREFUSED) says enough.
 */
function failureReason(error: unknown): string {
  const cause = (error as { error?: unknown } | null)?.error ?? error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * The app's broadcaster (`services.broadcaster`). `broadcast()` inside a database transaction
 * queues the message until the transaction commits and drops it on rollback (DESIGN.md: broadcasts
 * leave only after the transaction that caused them commits); outside one it publishes at once.
 * A failed publish is logged, never thrown: the database, not the socket, is the record.
 * See docs/decisions/008-broadcasting.md.
 */
export class Broadcaster {
  constructor(
    readonly driver: BroadcastDriver,
    private readonly logger: Logger,
  ) {}

  /** Publishes after the current transaction commits (now when there is none). */
  broadcast(message: BroadcastMessage): Promise<void> {
    const normalized: BroadcastMessage = {
      channels: [...new Set(message.channels)],
      event: message.event,
      data: message.data,
      ...(validSocketId(message.exceptSocketId) ? { exceptSocketId: message.exceptSocketId } : {}),
    };
    if (normalized.channels.length === 0) return Promise.resolve();
    return afterCommit(() => this.send(normalized));
  }

  /**
   * The user ids on a presence channel now; none when the driver cannot tell or the realtime server
   * does not answer (logged): whoever asks must work without it.
   */
  async presentUserIds(channel: string): Promise<number[]> {
    if (!this.driver.presenceUserIds) return [];
    try {
      const ids = await this.driver.presenceUserIds(channel);
      return ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    } catch (error) {
      this.logger.warn({ err: error, channel, driver: this.driver.name }, 'presence could not be read');
      return [];
    }
  }

  private async send(message: BroadcastMessage): Promise<void> {
    try {
      await this.driver.publish(message);
    } catch (error) {
      this.logger.error(
        { err: error, event: message.event, channels: message.channels, driver: this.driver.name },
        'broadcast failed',
      );
    }
  }
}

/**
 * The driver for this process: in-process when the realtime server runs here, otherwise the
 * `pusher` SDK to REVERB_API_URL, which defaults to the public REVERB_SCHEME://REVERB_HOST:REVERB_PORT
 * (Laravel's `reverb` connection). See docs/decisions/008-broadcasting.md.
 */
export function createBroadcastDriver(
  config: Config,
  realtime?: RealtimeServer,
  app: 'main' | 'widget' = 'main',
): BroadcastDriver {
  const { reverb } = config;
  const credentials =
    app === 'widget' ? reverb.widget : { appId: reverb.appId, key: reverb.key, secret: reverb.secret };
  if (realtime) return new InProcessDriver(realtime, credentials.appId);
  return new PusherDriver({ ...credentials, ...reverb.api });
}
