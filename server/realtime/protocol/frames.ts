/**
 * Pusher protocol 7 frames. Inbound: one JSON object per text frame, `data` an object (pusher-js)
 * or a JSON string (other clients). Outbound `pusher:*` / `pusher_internal:*` frames carry `data`
 * as a JSON string, as Pusher and Reverb do; event data published through the API is forwarded
 * byte for byte.
 */
export interface ClientMessage {
  event: string;
  channel?: string;
  data: unknown;
}

/** The frame, or null when it is not a JSON object with a string `event`. */
export function parseClientMessage(text: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.event !== 'string' || record.event.length === 0) return null;
  if (record.channel !== undefined && typeof record.channel !== 'string') return null;
  return { event: record.event, channel: record.channel as string | undefined, data: record.data };
}

/** `data` of a client `pusher:*` message as an object (decoding a JSON string if need be). */
export function messageData(data: unknown): Record<string, unknown> {
  if (typeof data === 'string') {
    try {
      const decoded: unknown = JSON.parse(data);
      return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)
        ? (decoded as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

export const frames = {
  connectionEstablished(socketId: string, activityTimeout: number): string {
    return JSON.stringify({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeout }),
    });
  },
  error(code: number | null, message: string): string {
    return JSON.stringify({ event: 'pusher:error', data: JSON.stringify({ code, message }) });
  },
  ping: JSON.stringify({ event: 'pusher:ping', data: '{}' }),
  pong: JSON.stringify({ event: 'pusher:pong', data: '{}' }),
  subscriptionSucceeded(channel: string, data = '{}'): string {
    return JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data });
  },
  /** Fires the channel's `pusher:subscription_error` binding, i.e. Echo's `.error()` callback. */
  subscriptionError(channel: string, type: string, error: string, status: number): string {
    return JSON.stringify({
      event: 'pusher:subscription_error',
      channel,
      data: JSON.stringify({ type, error, status }),
    });
  },
  cacheMiss(channel: string): string {
    return JSON.stringify({ event: 'pusher:cache_miss', channel });
  },
  signinSuccess(userData: string): string {
    return JSON.stringify({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) });
  },
  /** An event on a channel; `userId` (presence client events) becomes pusher-js's `metadata.user_id`. */
  event(event: string, channel: string, data: unknown, userId?: string | number): string {
    return userId === undefined
      ? JSON.stringify({ event, channel, data })
      : JSON.stringify({ event, channel, data, user_id: userId });
  },
};
