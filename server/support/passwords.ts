import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's baseline). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

export async function checkPassword(plain: string, hashed: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time a password check spends, for a sign-in whose account does not exist: argon2
 * against a hash made once per process, so an unknown e-mail answers as slowly as a wrong password.
 */
export async function checkAgainstDummyHash(plain: string): Promise<false> {
  dummy ??= hash('kawan-dummy-password-for-unknown-accounts');
  await checkPassword(plain, await dummy);
  return false;
}
