import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * RFC 6238 written out here, independently of the app's otplib-based code, so the tests check the
 * app against the standard rather than against itself.
 */
export function totpAt(secret: string, unixSeconds: number): string {
  const key = base32Decode(secret);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, '0');
}

/** The code an authenticator app shows `offsetSteps` periods from now. */
export function totpNow(secret: string, offsetSteps = 0): string {
  return totpAt(secret, Math.floor(Date.now() / 1000) + offsetSteps * 30);
}

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/**
 * Waits, when needed, until at least `marginSeconds` remain in the current 30-second step, so that
 * a code computed now is judged by the server in the same step.
 */
export async function awayFromStepBoundary(marginSeconds = 4): Promise<void> {
  const intoStep = (Date.now() / 1000) % 30;
  if (30 - intoStep < marginSeconds) await sleep((30 - intoStep) * 1000 + 250);
}

/** Waits until the next 30-second step begins (a code of the current step is then "the previous one"). */
export async function nextStep(): Promise<void> {
  const intoStep = (Date.now() / 1000) % 30;
  await sleep((30 - intoStep) * 1000 + 250);
}

/** A well-formed code that the secret does not produce anywhere near now (so it is surely wrong). */
export function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => totpNow(secret, offset)));
  let code = 0;
  while (near.has(String(code).padStart(6, '0'))) code += 1;
  return String(code).padStart(6, '0');
}
