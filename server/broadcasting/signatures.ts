import { hmacSha256 } from '../support/crypto';

/** The app credentials a signature is made with (REVERB_APP_KEY / REVERB_APP_SECRET). */
export interface SigningApp {
  key: string;
  secret: string;
}

/** Pusher's channel authorization: `key:HMAC(secret, socket_id:channel[:channel_data])`. */
export function channelSignature(app: SigningApp, socketId: string, channel: string, channelData?: string): string {
  const subject = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${app.key}:${hmacSha256(app.secret, subject)}`;
}

/** Pusher's user authentication (pusher:signin): `key:HMAC(secret, socket_id::user::user_data)`. */
export function userSignature(app: SigningApp, socketId: string, userData: string): string {
  return `${app.key}:${hmacSha256(app.secret, `${socketId}::user::${userData}`)}`;
}
