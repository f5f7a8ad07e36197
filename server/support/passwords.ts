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
