import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import type { WidgetConversation, WidgetMessage, WidgetRealtime } from '../../../server/channels/web/protocol';

/**
 * The visitor's realtime connection: laravel-echo over pusher-js, to the widget's own realtime app
 * (WidgetConfig.realtime), on the private channel SessionResponse names. The channel is authorized
 * by `authorize` (POST broadcasting/auth with the session's Bearer token, see api.ts) through
 * pusher-js's `channelAuthorization.customHandler`, so the token in use is read at each
 * subscription (a new session after `identify` or `reset` brings a new one).
 *
 * Built for a page that is not ours: Echo gets a ready pusher-js client (so it never copies the
 * host page's CSRF meta tag into a request) and `withoutInterceptors` (so it never adds
 * X-Socket-Id to the host page's axios, jQuery, Vue or Turbo requests).
 */

export interface RealtimeHandlers {
  created(message: WidgetMessage): void;
  delta(event: { id: number; type: 'delta' | 'replace'; text: string }): void;
  typing(event: { sender: 'bot' | 'agent'; name?: string; typing: boolean }): void;
  conversation(conversation: WidgetConversation): void;
  /** After the connection came back from a drop: events may have been missed. */
  reconnected(): void;
}

export interface RealtimeConnection {
  subscribe(channel: string, handlers: RealtimeHandlers): void;
  unsubscribe(): void;
  disconnect(): void;
}

export function connectRealtime(
  config: WidgetRealtime,
  authorize: (socketId: string, channelName: string) => Promise<{ auth: string }>,
): RealtimeConnection {
  const client = new Pusher(config.key, {
    cluster: '',
    wsHost: config.wsHost,
    wsPort: config.wsPort,
    wssPort: config.wssPort,
    forceTLS: config.forceTLS,
    enabledTransports: ['ws', 'wss'],
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        authorize(socketId, channelName).then(
          (data) => callback(null, data),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
  });
  const echo = new Echo<'reverb'>({
    broadcaster: 'reverb',
    client,
    withoutInterceptors: true,
    // Own objects, or Echo writes the host page's CSRF token into its module-level defaults.
    auth: { headers: {} },
    userAuthentication: { endpoint: config.authEndpoint, transport: 'ajax', headers: {} },
  });

  let current: string | null = null;
  let handlers: RealtimeHandlers | null = null;
  let wasConnected = false;
  let dropped = false;
  client.connection.bind('state_change', ({ current: state }: { current: string }) => {
    if (state === 'connected') {
      if (wasConnected && dropped) handlers?.reconnected();
      wasConnected = true;
      dropped = false;
    } else if (wasConnected) {
      dropped = true;
    }
  });

  return {
    subscribe(channel, next) {
      if (current) echo.leave(current);
      current = channel;
      handlers = next;
      echo
        .private(channel)
        .listen('.message.created', (data: { message: WidgetMessage }) => next.created(data.message))
        .listen('.message.delta', (data: { id: number; type: 'delta' | 'replace'; text: string }) => next.delta(data))
        .listen('.typing', (data: { sender: 'bot' | 'agent'; name?: string; typing: boolean }) => next.typing(data))
        .listen('.conversation.updated', (data: { conversation: WidgetConversation }) =>
          next.conversation(data.conversation),
        );
    },
    unsubscribe() {
      if (current) echo.leave(current);
      current = null;
      handlers = null;
    },
    disconnect() {
      echo.disconnect();
    },
  };
}
