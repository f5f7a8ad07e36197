import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import type { HttpRequestConfig } from '@inertiajs/core';
import { route } from '@/lib/route';
import { realtimeClientConstants } from '@/lib/echo-constants';

/** The `realtime` shared prop: where the server says Echo connects (one build serves any deployment). */
export interface RealtimeConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

/**
 * Echo's options for a deployment: TLS forced when the scheme is https (port 443 in production),
 * the auth endpoints by route name. `withoutInterceptors`: there is no axios here; Inertia requests
 * get X-Socket-Id from `socketIdHeader` instead. Echo adds X-CSRF-TOKEN from the meta tag itself.
 */
export function echoOptions(config: RealtimeConfig) {
  const port = config.port || (config.scheme === 'https' ? 443 : 80);
  return {
    ...realtimeClientConstants,
    enabledTransports: [...realtimeClientConstants.enabledTransports],
    key: config.key,
    wsHost: config.host,
    wsPort: port,
    wssPort: port,
    forceTLS: config.scheme === 'https',
    authEndpoint: route('broadcasting.auth'),
    // Own header objects: Echo otherwise mutates its module-level defaults (protocols.md §5.1).
    auth: { headers: {} },
    userAuthentication: { endpoint: route('broadcasting.user-auth'), transport: 'ajax' as const, headers: {} },
    withoutInterceptors: true,
    Pusher,
  };
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
  connection = { echo: new Echo({ ...echoOptions(config) }) as KawanEcho, userId: user.id, config: signature };
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
