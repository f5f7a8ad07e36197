import { generateSecret, verify } from 'otplib';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps expect them: HMAC-SHA1, 6 digits,
 * 30-second steps, codes of the previous and next step accepted for clock drift (Google2FA's
 * window of 1, as Fortify uses it).
 */
export const totp = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, windowSteps: 1 } as const;

/** 20 random bytes = 160 bits = 32 base32 characters (RFC 4226 §4 recommends 160 bits; docs/decisions/003-two-factor-authentication.md). */
export const secretBytes = 20;

export function generateTotpSecret(): string {
  return generateSecret({ length: secretBytes });
}

/** The RFC 6238 time step of a moment (unix seconds). */
export function timeStepAt(unixSeconds: number): number {
  return Math.floor(unixSeconds / totp.periodSeconds);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Checks a code against the secret within ±1 step of `now`. Returns the time step the code belongs
 * to, or null. Steps at or before `afterStep` (the last step this user had accepted) are refused,
 * so a code can never be used twice. Spaces in the code are ignored ("123 456").
 */
export async function verifyTotp(
  secret: string,
  code: string,
  options: { afterStep?: number | null; now?: number } = {},
): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${totp.digits}}$`).test(token)) return null;
  const now = options.now ?? nowSeconds();
  const afterStep = options.afterStep ?? undefined;
  // Every step the window could accept has been used already.
  if (afterStep !== undefined && afterStep >= timeStepAt(now) + totp.windowSteps) return null;
  const result = await verify({
    secret,
    token,
    epoch: now,
    epochTolerance: totp.windowSteps * totp.periodSeconds,
    afterTimeStep: afterStep,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** PHP's rawurlencode, as Google2FA builds the URL with it. */
const rawUrlEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The provisioning URL an authenticator app scans (Google2FA's getQRCodeUrl). */
export function otpauthUrl(issuer: string, accountName: string, secret: string): string {
  return (
    `otpauth://totp/${rawUrlEncode(issuer)}:${rawUrlEncode(accountName)}` +
    `?secret=${secret}&issuer=${rawUrlEncode(issuer)}&algorithm=${totp.algorithm}&digits=${totp.digits}&period=${totp.periodSeconds}`
  );
}
