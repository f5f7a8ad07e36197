import { hmacSha256, safeEqual } from './crypto';

/**
 * Signed links (e-mail verification, team invitations): the path and query are signed with
 * APP_KEY, optionally with an `expires` time, so a link cannot be altered or used after it expires.
 */
export function signUrl(key: Buffer, pathAndQuery: string, expiresAt?: Date): string {
  const url = new URL(pathAndQuery, 'http://signed.invalid');
  url.searchParams.delete('signature');
  if (expiresAt) url.searchParams.set('expires', String(Math.floor(expiresAt.getTime() / 1000)));
  url.searchParams.sort();
  const unsigned = url.pathname + url.search;
  url.searchParams.set('signature', hmacSha256(key, unsigned));
  return url.pathname + url.search;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkSignedUrl(key: Buffer, pathAndQuery: string, now = new Date()): SignatureCheck {
  const url = new URL(pathAndQuery, 'http://signed.invalid');
  const signature = url.searchParams.get('signature') ?? '';
  url.searchParams.delete('signature');
  url.searchParams.sort();
  if (!safeEqual(signature, hmacSha256(key, url.pathname + url.search))) return 'invalid';
  const expires = url.searchParams.get('expires');
  if (expires && Number(expires) * 1000 < now.getTime()) return 'expired';
  return 'valid';
}
