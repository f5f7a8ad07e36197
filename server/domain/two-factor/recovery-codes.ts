import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** Fortify's recovery codes: 8 of them, each `Str::random(10) . '-' . Str::random(10)`. */
export const recoveryCodeCount = 8;
export const recoveryCodePattern = /^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export function generateRecoveryCode(): string {
  return `${randomAlphanumeric(10)}-${randomAlphanumeric(10)}`;
}

export function generateRecoveryCodes(count = recoveryCodeCount): string[] {
  return Array.from({ length: count }, generateRecoveryCode);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The stored code equal to `candidate` (exact, case-sensitive), or undefined. Every code is
 * compared, in constant time, so the answer's timing tells nothing about how close a guess was.
 */
export function findRecoveryCode(codes: readonly string[], candidate: string): string | undefined {
  const wanted = digest(candidate);
  let found: string | undefined;
  for (const code of codes) {
    if (timingSafeEqual(digest(code), wanted) && found === undefined) found = code;
  }
  return found;
}

/** The list with `used` swapped for a fresh code in the same place (it stays at 8). */
export function replaceRecoveryCode(codes: readonly string[], used: string): string[] {
  return codes.map((code) => (code === used ? generateRecoveryCode() : code));
}
