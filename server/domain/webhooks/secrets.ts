import { randomBytes } from 'node:crypto';
import type { Encrypter } from '../../support/encryption';

/** How long a rolled secret still signs beside the new one, so that a receiver can switch without losing events. */
export const previousSecretMs = 24 * 60 * 60_000;

/** An endpoint's signing secret as stored (encrypted): the current one, and the one before while it settles. */
export interface StoredSecret {
  current: string;
  previous?: string;
  /** ISO 8601: until then the previous one signs too. */
  previousUntil?: string;
}

export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function readSecret(encrypter: Encrypter, stored: string): StoredSecret {
  return JSON.parse(encrypter.decrypt(stored)) as StoredSecret;
}

export function writeSecret(encrypter: Encrypter, secret: StoredSecret): string {
  return encrypter.encrypt(JSON.stringify(secret));
}

/** Until when the previous secret signs, if it still does at `now`. */
export function previousUntil(secret: StoredSecret, now = new Date()): Date | null {
  if (!secret.previous || !secret.previousUntil) return null;
  const until = new Date(secret.previousUntil);
  return until > now ? until : null;
}

/** The secrets a delivery is signed with: the current one, and the previous one while it settles. */
export function signingSecrets(encrypter: Encrypter, stored: string, now = new Date()): string[] {
  const secret = readSecret(encrypter, stored);
  return previousUntil(secret, now) && secret.previous ? [secret.current, secret.previous] : [secret.current];
}

/** A new current secret; the one it replaces signs beside it for a day. */
export function rolled(secret: StoredSecret, now = new Date()): StoredSecret {
  return {
    current: newSigningSecret(),
    previous: secret.current,
    previousUntil: new Date(now.getTime() + previousSecretMs).toISOString(),
  };
}
