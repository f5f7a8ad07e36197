import Echo from 'laravel-echo';
import Pusher, { type Options as PusherOptions } from 'pusher-js';
import { route } from '@/lib/route';
import { ajaxHeaders } from '@/lib/csrf';
import { realtimeClientConstants } from '@/lib/echo-constants';
import {
  disconnectEcho,
  isConnectedAs,
  realtimeTarget,
  setConnection,
  type KawanEcho,
  type RealtimeConfig,
  type RealtimeProps,
} from '@/lib/echo-connection';

/**
 * The realtime client: laravel-echo over pusher-js, built for a deployment. It is the heavy part
 * (about 20 KB gzip), so nothing in a guest's page graph imports it; the connection's state lives
 * in lib/echo-connection.ts and is re-exported here for the tests and tools that drive this module.
 */
export {
  currentEcho,
  disconnectEcho,
  holdChannel,
  releaseChannel,
  socketId,
  socketIdHeader,
  subscribeEcho,
  type KawanEcho,
  type RealtimeConfig,
  type RealtimeProps,
} from '@/lib/echo-connection';

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

/**
 * Keeps the one realtime connection of this tab in step with the page: connected while a user is
 * signed in (and the server sent `realtime`), reconnected when the user or the deployment
 * changes, gone for guests. Call it with the props of every page (initial and after each visit);
 * the app reaches it through lib/realtime.ts, which loads this module only for signed-in users.
 */
export function syncEcho(props: RealtimeProps): void {
  const target = realtimeTarget(props);
  if (!target) {
    disconnectEcho();
    return;
  }
  if (isConnectedAs(target.userId, target.signature)) return;
  setConnection(createEcho(target.config), target.userId, target.signature);
}
