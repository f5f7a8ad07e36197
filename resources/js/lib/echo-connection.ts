import type Echo from 'laravel-echo';
import type { HttpRequestConfig } from '@inertiajs/core';

/**
 * The tab's one realtime connection, as state only: who holds it, who listens for changes, which
 * channels hooks hold. Nothing here imports laravel-echo or pusher-js at run time (types only), so
 * the hooks, the layouts and the app's entry read it without putting the realtime client into a
 * guest's JavaScript; lib/echo.ts builds the connection, loaded on demand by lib/realtime.ts.
 */

/** The `realtime` shared prop: where the server says Echo connects (one build serves any deployment). */
export interface RealtimeConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

/** The page props that decide the connection: a signed-in user and the realtime endpoint. */
export interface RealtimeProps {
  auth?: { user: { id: number } | null };
  realtime?: RealtimeConfig | null;
}

export type KawanEcho = Echo<'reverb'>;

interface Connection {
  echo: KawanEcho;
  userId: number;
  /** The RealtimeConfig it was built from, as JSON. */
  config: string;
}

let connection: Connection | null = null;
const listeners = new Set<() => void>();
/** How many mounted hooks hold each channel of an Echo instance (full Pusher names). */
const holders = new WeakMap<KawanEcho, Map<string, number>>();

function changed() {
  for (const listener of listeners) listener();
}

/** The user and endpoint a page wants connected, or null (a guest, or no realtime configured). */
export function realtimeTarget(
  props: RealtimeProps,
): { userId: number; config: RealtimeConfig; signature: string } | null {
  const user = props.auth?.user ?? null;
  const config = props.realtime ?? null;
  if (!user || !config) return null;
  return { userId: user.id, config, signature: JSON.stringify(config) };
}

/** Whether the connection is already the one these props want (same user, same endpoint). */
export function isConnectedAs(userId: number, signature: string): boolean {
  return connection !== null && connection.userId === userId && connection.config === signature;
}

/** Makes `echo` the tab's connection, closing the one before. */
export function setConnection(echo: KawanEcho, userId: number, signature: string): void {
  if (connection) connection.echo.disconnect();
  connection = { echo, userId, config: signature };
  changed();
}

export function disconnectEcho(): void {
  if (!connection) return;
  const { echo } = connection;
  connection = null;
  echo.disconnect();
  changed();
}

/** The tab's Echo, or null (guest, no realtime configured, or the client still loading). */
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
