import type { Config } from '../config/env';

/** Who may send client events (`client-*`): see docs/decisions/007-realtime-server.md. */
export type ClientEventsPolicy = 'private' | 'all' | 'none';

/** One Pusher-protocol application served by the realtime server (several are allowed). */
export interface RealtimeApp {
  id: string;
  key: string;
  secret: string;
  /** Connections held at once (across every process when scaled through Redis); unlimited when absent. */
  maxConnections?: number;
  /** Channels one connection may be subscribed to at once (100); one more gets a LimitReached
   * subscription error. Pusher documents no such limit: docs/decisions/009-realtime-limits.md. */
  maxChannelsPerConnection?: number;
  /** Browser origins allowed to connect: `*`, a host (`kawan.test`, `*.kawan.test`) or a full origin
   * (`https://kawan.test:8443`). Falls back to the server's `allowedOrigins`, then to `*`. */
  allowedOrigins?: string[];
  /** Largest WebSocket message accepted, in bytes (10 000); larger ones close the socket with 1009. */
  maxMessageSize?: number;
  /** `private` (default): client events on private and presence channels only; `all`: on public
   * channels too (Reverb's behaviour); `none`: refused with 4301. The sender must be subscribed. */
  clientEvents?: ClientEventsPolicy;
  /** Client events one connection may send per second (10); the excess is refused with 4301. */
  clientEventsPerSecond?: number;
  /** Distinct users on one presence channel (100, as Pusher). */
  maxPresenceMembers?: number;
  /** Largest `data` of an event published through the HTTP API, in bytes (10 240) → 413. */
  maxEventPayload?: number;
}

/** An app with every limit filled in. */
export interface ResolvedApp {
  id: string;
  key: string;
  secret: string;
  maxConnections: number;
  maxChannelsPerConnection: number;
  allowedOrigins: string[];
  maxMessageSize: number;
  clientEvents: ClientEventsPolicy;
  clientEventsPerSecond: number;
  maxPresenceMembers: number;
  maxEventPayload: number;
}

export const appDefaults = {
  maxChannelsPerConnection: 100,
  maxMessageSize: 10_000,
  clientEvents: 'private' as ClientEventsPolicy,
  clientEventsPerSecond: 10,
  maxPresenceMembers: 100,
  maxEventPayload: 10_240,
};

export function resolveApp(app: RealtimeApp, serverOrigins: string[] = ['*']): ResolvedApp {
  return {
    id: app.id,
    key: app.key,
    secret: app.secret,
    maxConnections: app.maxConnections ?? Number.POSITIVE_INFINITY,
    maxChannelsPerConnection: app.maxChannelsPerConnection ?? appDefaults.maxChannelsPerConnection,
    allowedOrigins: app.allowedOrigins ?? serverOrigins,
    maxMessageSize: app.maxMessageSize ?? appDefaults.maxMessageSize,
    clientEvents: app.clientEvents ?? appDefaults.clientEvents,
    clientEventsPerSecond: app.clientEventsPerSecond ?? appDefaults.clientEventsPerSecond,
    maxPresenceMembers: app.maxPresenceMembers ?? appDefaults.maxPresenceMembers,
    maxEventPayload: app.maxEventPayload ?? appDefaults.maxEventPayload,
  };
}

/** The configured apps, found by id (HTTP API) or key (WebSocket path). */
export class AppRegistry {
  private readonly byIdMap = new Map<string, ResolvedApp>();
  private readonly byKeyMap = new Map<string, ResolvedApp>();

  constructor(apps: RealtimeApp[], serverOrigins?: string[]) {
    for (const app of apps) {
      if (!app.id || !app.key || !app.secret) throw new Error('Every realtime app needs an id, a key and a secret');
      if (this.byIdMap.has(app.id)) throw new Error(`Two realtime apps share the id ${app.id}`);
      if (this.byKeyMap.has(app.key)) throw new Error(`Two realtime apps share the key ${app.key}`);
      const resolved = resolveApp(app, serverOrigins);
      this.byIdMap.set(app.id, resolved);
      this.byKeyMap.set(app.key, resolved);
    }
    if (this.byIdMap.size === 0) throw new Error('The realtime server needs at least one app');
  }

  byId(id: string): ResolvedApp | undefined {
    return this.byIdMap.get(id);
  }

  byKey(key: string): ResolvedApp | undefined {
    return this.byKeyMap.get(key);
  }

  all(): ResolvedApp[] {
    return [...this.byIdMap.values()];
  }
}

/**
 * The apps Kawan serves: the main one from REVERB_APP_ID/KEY/SECRET, with REVERB_APP_MAX_CONNECTIONS,
 * REVERB_APP_MAX_CHANNELS_PER_CONNECTION and REVERB_APP_ALLOWED_ORIGINS (default: APP_URL's origin in
 * production, any otherwise), the web chat widget's (REVERB_WIDGET_APP_*), plus those of REVERB_EXTRA_APPS.
 */
export function appsFromConfig(config: Config): RealtimeApp[] {
  const main: RealtimeApp = {
    id: config.reverb.appId,
    key: config.reverb.key,
    secret: config.reverb.secret,
    allowedOrigins: config.reverb.allowedOrigins,
    ...(config.reverb.maxConnections !== undefined ? { maxConnections: config.reverb.maxConnections } : {}),
    ...(config.reverb.maxChannelsPerConnection !== undefined
      ? { maxChannelsPerConnection: config.reverb.maxChannelsPerConnection }
      : {}),
  };
  const widget: RealtimeApp = {
    id: config.reverb.widget.appId,
    key: config.reverb.widget.key,
    secret: config.reverb.widget.secret,
    allowedOrigins: ['*'],
    clientEvents: 'none',
    maxChannelsPerConnection: 4,
  };
  return [main, widget, ...config.reverb.extraApps];
}
