import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pusher signatures: HMAC-SHA256 with the app secret, lowercase hex. Subscription and sign-in
 * signatures are checked over the exact strings received (channel_data and user_data are never
 * re-serialized) and compared in constant time, `key:` part included.
 */
export interface SigningApp {
  key: string;
  secret: string;
}

export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** `socket_id:channel` (private) or `socket_id:channel:channel_data` (presence). */
export function channelSignatureString(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** `socket_id::user::user_data` (pusher:signin). */
export function userSignatureString(socketId: string, userData: string): string {
  return `${socketId}::user::${userData}`;
}

/** The `auth` value an auth endpoint returns: `key:hex`. */
export function authToken(app: SigningApp, value: string): string {
  return `${app.key}:${hmacHex(app.secret, value)}`;
}

export function verifyAuthToken(app: SigningApp, value: string, received: unknown): boolean {
  if (typeof received !== 'string') return false;
  return constantTimeEqual(authToken(app, value), received);
}

/** Equal strings in time independent of where they differ (a length difference is simply unequal). */
export function constantTimeEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}
