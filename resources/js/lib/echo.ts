import Echo from 'laravel-echo';
import Pusher, { type Options as PusherOptions } from 'pusher-js';
import type { HttpRequestConfig } from '@inertiajs/core';
import { route } from '@/lib/route';
import { ajaxHeaders } from '@/lib/csrf';
import { realtimeClientConstants } from '@/lib/echo-constants';

/** The `realtime` shared prop: where the server says Echo connects (one build serves any deployment). */
export interface RealtimeConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

/**
 * pusher-js's options for a deployment: TLS forced when the scheme is https (port 443 in
 * production), the specification's timeouts, and the auth endpoints by route name with their
 * headers built for each request (`headersProvider`): X-Requested-With and the session's current
 * CSRF token. A token copied once goes stale when the session's token rotates (an in-page login,
 * another tab's), and the server answers 419.
 */
export function pusherOptions(config: RealtimeConfig): PusherOptions {
  const port = config.port || (config.scheme === 'https' ? 443 : 80);
  const { activityTimeout, pongTimeout, unavailableTimeout, enabledTransports } = realtimeClientConstants;
  return {
    // Echo's reverb connector sets the same; pusher-js insists on one.
    cluster: '',
    wsHost: config.host,
    wsPort: port,
    wssPort: port,
    forceTLS: config.scheme === 'https',
    enabledTransports: [...enabledTransports],
    activityTimeout,
    pongTimeout,
    unavailableTimeout,
    channelAuthorization: { endpoint: route('broadcasting.auth'), transport: 'ajax', headersProvider: ajaxHeaders },
    userAuthentication: { endpoint: route('broadcasting.user-auth'), transport: 'ajax', headersProvider: ajaxHeaders },
  };
}

/**
 * Echo over a pusher-js client built here (`client`). Built by Echo from these options, it would
 * get the meta tag's token, copied once at construction, as a static X-CSRF-TOKEN in the
 * userAuthentication headers (pusher-js ignores `auth` once `channelAuthorization` is set, not
 * `userAuthentication.headers`); pusher-js sends static headers before the provider's, and the
 * server reads X-CSRF-TOKEN before X-XSRF-TOKEN. `withoutInterceptors`: there is no axios here;
 * Inertia requests get X-Socket-Id from `socketIdHeader` instead.
 */
function createEcho(config: RealtimeConfig): KawanEcho {
  return new Echo({
    broadcaster: realtimeClientConstants.broadcaster,
    namespace: realtimeClientConstants.namespace,
    client: new Pusher(config.key, pusherOptions(config)),
    withoutInterceptors: true,
    // Echo still writes the meta tag's token into these, which nothing reads with `client`. Own
    // objects, or it writes into its module-level defaults (protocols.md §5.1).
    auth: { headers: {} },
    userAuthentication: { endpoint: route('broadcasting.user-auth'), transport: 'ajax', headers: {} },
  });
}

export type KawanEcho = Echo<'reverb'>;

interface Connection {
  echo: KawanEcho;
  userId: number;
  config: string;
}

let connection: Connection | null = null;
const listeners = new Set<() => void>();
/** How many mounted hooks hold each channel of an Echo instance (full Pusher names). */
const holders = new WeakMap<KawanEcho, Map<string, number>>();

function changed() {
  for (const listener of listeners) listener();
}

/**
 * Keeps the one realtime connection of this tab in step with the page: connected while a user is
 * signed in (and the server sent `realtime`), reconnected when the user or the deployment
 * changes, gone for guests. Call it with the props of every page (initial and after each visit).
 */
export function syncEcho(props: { auth?: { user: { id: number } | null }; realtime?: RealtimeConfig | null }): void {
  const user = props.auth?.user ?? null;
  const config = props.realtime ?? null;
  if (!user || !config) {
    disconnectEcho();
    return;
  }
  const signature = JSON.stringify(config);
  if (connection && connection.userId === user.id && connection.config === signature) return;
  disconnectEcho();
  connection = { echo: createEcho(config), userId: user.id, config: signature };
  changed();
}

export function disconnectEcho(): void {
  if (!connection) return;
  const { echo } = connection;
  connection = null;
  echo.disconnect();
  changed();
}

/** The tab's Echo, or null (guest, or no realtime configured). */
export function currentEcho(): KawanEcho | null {
  return connection?.echo ?? null;
}

export function subscribeEcho(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The socket id of the tab's connection, once connected. */
export function socketId(): string | undefined {
  return connection?.echo.socketId() || undefined;
}

/**
 * For Inertia's `http.onRequest`: adds `X-Socket-ID` (Echo's header for toOthers) to every request
 * while connected, as Echo's axios interceptor would (Inertia 3 has no axios).
 */
export function socketIdHeader(config: HttpRequestConfig): HttpRequestConfig {
  const id = socketId();
  return id ? { ...config, headers: { ...config.headers, 'X-Socket-ID': id } } : config;
}

/** Counts a hook's use of a channel (full name: `private-teams.1`, `presence-teams.1`). */
export function holdChannel(echo: KawanEcho, fullName: string): void {
  const counts = holders.get(echo) ?? new Map<string, number>();
  holders.set(echo, counts);
  counts.set(fullName, (counts.get(fullName) ?? 0) + 1);
}

/** Leaves the channel when the last hook using it lets go (Echo's leave() would drop every variant). */
export function releaseChannel(echo: KawanEcho, fullName: string): void {
  const counts = holders.get(echo);
  const count = (counts?.get(fullName) ?? 1) - 1;
  if (count > 0) {
    counts?.set(fullName, count);
    return;
  }
  counts?.delete(fullName);
  echo.leaveChannel(fullName);
}
