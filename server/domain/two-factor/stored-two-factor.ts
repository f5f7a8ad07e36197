import type { Encrypter } from '../../support/encryption';
import type { UserRow } from '../../db/repositories/user-repository';

type TwoFactorColumns = Pick<UserRow, 'twoFactorSecret' | 'twoFactorRecoveryCodes' | 'twoFactorConfirmedAt'>;

/** The decrypted TOTP secret, or null when two-factor authentication is off. */
export function decryptSecret(encrypter: Encrypter, user: TwoFactorColumns): string | null {
  return user.twoFactorSecret ? encrypter.decrypt(user.twoFactorSecret) : null;
}

/** The decrypted recovery codes (an empty list when there are none). */
export function decryptRecoveryCodes(encrypter: Encrypter, user: TwoFactorColumns): string[] {
  if (!user.twoFactorRecoveryCodes) return [];
  const codes: unknown = JSON.parse(encrypter.decrypt(user.twoFactorRecoveryCodes));
  return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : [];
}

export function encryptRecoveryCodes(encrypter: Encrypter, codes: readonly string[]): string {
  return encrypter.encrypt(JSON.stringify(codes));
}

/** Whether login asks for a code: a secret that has been confirmed (Fortify with `confirm: true`). */
export function requiresTwoFactorChallenge(user: TwoFactorColumns): boolean {
  return user.twoFactorSecret !== null && user.twoFactorConfirmedAt !== null;
}
