import type { HttpRequestConfig } from '@inertiajs/core';
import type * as EchoClient from '@/lib/echo';
import type { RealtimeProps } from '@/lib/echo-connection';

/**
 * The app's side of realtime, and all of it that a guest's page carries. The client itself
 * (lib/echo.ts with laravel-echo and pusher-js, and the connection state the hooks read) is its own
 * chunk, loaded the first time a signed-in user's page is shown.
 */
let client: typeof EchoClient | null = null;
let loading: Promise<typeof EchoClient> | null = null;
/** The props of the last page seen, while it wants a connection; null once a page says guest. */
let wanted: RealtimeProps | null = null;

/**
 * Call it with the props of every page. A guest's page (no user, or no realtime endpoint: the test
 * lib/echo.ts's syncEcho makes too) closes any connection and loads nothing; a signed-in user's
 * page loads the client once and connects through it. Only the latest page counts, so a logout
 * while the client is still loading leaves no connection behind. A chunk that fails to load (the
 * network dropped) is tried again on the next visit; until then the page works without live updates.
 */
export function syncRealtime(props: RealtimeProps): void {
  if (!props.auth?.user || !props.realtime) {
    wanted = null;
    client?.disconnectEcho();
    return;
  }
  wanted = props;
  loading ??= import('@/lib/echo');
  loading.then(
    (echo) => {
      client = echo;
      if (wanted) echo.syncEcho(wanted);
    },
    () => {
      loading = null;
    },
  );
}

/**
 * For Inertia's `http.onRequest`: the connection's `X-Socket-ID` on every request once connected
 * (lib/echo.ts's socketIdHeader), so that the server leaves this tab out of what it caused.
 */
export function withSocketId(config: HttpRequestConfig): HttpRequestConfig {
  return client ? client.socketIdHeader(config) : config;
}
