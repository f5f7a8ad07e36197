import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { holdChannel, releaseChannel } from '@/lib/echo-connection';
import { useEcho } from './use-echo';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- event payloads are whatever the server sent
type Handler = (payload: any) => void;

export interface ChannelOptions {
  /** `private` (default: `private-<name>`, authorized by /broadcasting/auth) or `public`. */
  visibility?: 'private' | 'public';
  /** Echo names: `MembershipChanged` → `App\Events\MembershipChanged`; `.order.shipped` verbatim. */
  events?: Record<string, Handler>;
  /** Echo's `.notification()`: BroadcastNotificationCreated payloads (data + id + type). */
  onNotification?: Handler;
  /** Echo's `listenForWhisper(name)`: client events from other members (private channels). */
  whispers?: Record<string, Handler>;
  /**
   * Called each time the subscription succeeds after the component mounted: the first time (what
   * happened between the server's answer and the subscription was not heard) and after a
   * reconnection (nor was what happened while the socket was down). A page reloads its live props.
   */
  onSubscribed?: () => void;
}

/** The part of pusher-js's channel this hook reads. */
interface Subscription {
  subscribed: boolean;
  bind(event: string, callback: () => void): unknown;
  unbind(event: string, callback: () => void): unknown;
}

const keysOf = (record: Record<string, unknown> | undefined) =>
  Object.keys(record ?? {})
    .sort()
    .join('\n');
const split = (keys: string) => (keys ? keys.split('\n') : []);

/**
 * Subscribes to a channel while the component is mounted (and the user signed in), listens to
 * its events, and leaves it on unmount unless another component still uses it. Handlers may
 * change between renders without resubscribing. `name` null subscribes to nothing.
 */
export function useChannel(name: string | null, options: ChannelOptions = {}) {
  const echo = useEcho();
  const visibility = options.visibility ?? 'private';
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const eventKeys = keysOf(options.events);
  const whisperKeys = keysOf(options.whispers);
  const wantsNotifications = options.onNotification !== undefined;
  const wantsSubscribed = options.onSubscribed !== undefined;

  useEffect(() => {
    if (!echo || !name) return;
    const fullName = visibility === 'private' ? `private-${name}` : name;
    const channel = visibility === 'private' ? echo.private(name) : echo.channel(name);
    holdChannel(echo, fullName);
    const events = split(eventKeys).map((event) => {
      const handler: Handler = (payload) => latest.current.events?.[event]?.(payload);
      channel.listen(event, handler);
      return [event, handler] as const;
    });
    const whispers = split(whisperKeys).map((whisper) => {
      const handler: Handler = (payload) => latest.current.whispers?.[whisper]?.(payload);
      channel.listenForWhisper(whisper, handler);
      return [whisper, handler] as const;
    });
    const notification: Handler = (payload) => latest.current.onNotification?.(payload);
    if (wantsNotifications) channel.notification(notification);
    const subscription = (channel as unknown as { subscription?: Subscription }).subscription;
    const succeeded = () => latest.current.onSubscribed?.();
    if (wantsSubscribed) subscription?.bind('pusher:subscription_succeeded', succeeded);
    return () => {
      if (wantsSubscribed) subscription?.unbind('pusher:subscription_succeeded', succeeded);
      for (const [event, handler] of events) channel.stopListening(event, handler);
      for (const [whisper, handler] of whispers) channel.stopListeningForWhisper(whisper, handler);
      if (wantsNotifications) channel.stopListeningForNotification(notification);
      releaseChannel(echo, fullName);
    };
  }, [echo, name, visibility, eventKeys, whisperKeys, wantsNotifications, wantsSubscribed]);

  /** Sends `client-<event>` to the channel's other members (private channels only). */
  const whisper = useCallback(
    (event: string, data: Record<string, unknown>) => {
      if (echo && name && visibility === 'private') echo.private(name).whisper(event, data);
    },
    [echo, name, visibility],
  );

  return { whisper, connected: echo !== null };
}
