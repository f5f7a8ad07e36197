import { ErrorCode, ErrorMessage } from './errors';

/** The Pusher protocol version spoken here; pusher-js 8 asks for it with `?protocol=7`. */
export const supportedProtocol = 7;

export interface Refusal {
  code: number;
  message: string;
}

/**
 * Why the `protocol` query value of a new connection is refused, or undefined for 7. Anything
 * else is refused before connection_established, with a pusher:error frame and the same close
 * code (4000–4099: pusher-js stays away): a value that is not a number with 4006, a missing one
 * (Pusher falls back to protocol 1, which it no longer serves) or any other version with 4007.
 */
export function protocolRefusal(value: string | null): Refusal | undefined {
  if (value === null || value === '') {
    return { code: ErrorCode.UnsupportedProtocolVersion, message: ErrorMessage.noProtocol };
  }
  if (!/^\d+$/.test(value)) return { code: ErrorCode.InvalidVersionFormat, message: ErrorMessage.invalidVersionFormat };
  if (Number(value) !== supportedProtocol) {
    return { code: ErrorCode.UnsupportedProtocolVersion, message: ErrorMessage.unsupportedProtocol };
  }
  return undefined;
}
