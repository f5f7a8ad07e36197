import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { safeEqual, sha256 } from '../../support/crypto';

/**
 * Kawan's personal access tokens (docs/decisions/006-api-token-format.md):
 *
 *   kawan_ + 40 random base62 characters + 6 base62 characters of the CRC32 of those 40
 *
 * 52 characters, matched by `tokenPattern`. The prefix lets secret scanners find a leaked token;
 * the checksum lets them (and us, before any database query) tell a real token from a look-alike.
 * Only the SHA-256 hex of the whole token is stored.
 */
export const tokenPrefix = 'kawan_';
export const randomLength = 40;
export const checksumLength = 6;
export const tokenLength = tokenPrefix.length + randomLength + checksumLength;

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** What a secret scanner looks for. */
export const tokenPattern = new RegExp(`\\b${tokenPrefix}[0-9A-Za-z]{${randomLength + checksumLength}}\\b`);

/** `count` uniformly random base62 characters (bytes ≥ 248 are discarded, so no character is favoured). */
function randomBase62(count: number): string {
  let out = '';
  while (out.length < count) {
    for (const byte of randomBytes(count * 2)) {
      if (byte >= 248) continue;
      out += alphabet[byte % 62];
      if (out.length === count) break;
    }
  }
  return out;
}

/** The CRC32 of the random part in base62, left-padded to six characters (62⁶ > 2³²). */
export function checksumOf(random: string): string {
  let value = crc32(random);
  let out = '';
  for (let i = 0; i < checksumLength; i += 1) {
    out = alphabet[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** The hash kept in `personal_access_tokens.token`. */
export const hashToken = (plainText: string): string => sha256(plainText);

/** A new token: the plain text (shown once) and the hash to store. */
export function generateToken(): { plainText: string; hash: string } {
  const random = randomBase62(randomLength);
  const plainText = tokenPrefix + random + checksumOf(random);
  return { plainText, hash: hashToken(plainText) };
}

export interface PresentedToken {
  /** The token itself (`kawan_…`), without Sanctum's `id|`. */
  plainText: string;
  /** The id of Sanctum's `{id}|{token}` form, when it was sent that way. */
  id?: number;
}

/**
 * Reads a bearer value: `kawan_…` or Sanctum's `{id}|kawan_…`. Undefined for anything malformed
 * or whose checksum does not match (a typo or a tampered token), so that such values never reach
 * the database. The checksum is compared in constant time.
 */
export function parseToken(value: string): PresentedToken | undefined {
  let plainText = value;
  let id: number | undefined;
  const bar = value.indexOf('|');
  if (bar !== -1) {
    const idPart = value.slice(0, bar);
    if (!/^[1-9][0-9]{0,9}$/.test(idPart)) return undefined;
    id = Number(idPart);
    plainText = value.slice(bar + 1);
  }
  if (plainText.length !== tokenLength || !plainText.startsWith(tokenPrefix)) return undefined;
  const random = plainText.slice(tokenPrefix.length, tokenPrefix.length + randomLength);
  const checksum = plainText.slice(tokenPrefix.length + randomLength);
  if (!/^[0-9A-Za-z]+$/.test(random + checksum)) return undefined;
  if (!safeEqual(checksum, checksumOf(random))) return undefined;
  return id === undefined ? { plainText } : { plainText, id };
}
