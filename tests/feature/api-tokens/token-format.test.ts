import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createThroughPage, storedToken, tokensPage } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import {
  checksumOf,
  generateToken,
  parseToken,
  tokenLength,
  tokenPattern,
  tokenPrefix,
} from '../../../server/domain/api-tokens/token-format';
import { sha256 } from '../../../server/support/crypto';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** CRC-32 (IEEE, reflected, as zlib and PHP's crc32b compute it), written out independently of zlib. */
function referenceCrc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function referenceChecksum(random: string): string {
  let value = referenceCrc32(random);
  let digits = '';
  do {
    digits = base62[value % 62] + digits;
    value = Math.floor(value / 62);
  } while (value > 0);
  return digits.padStart(6, '0');
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('token format', () => {
  it('is kawan_ + 40 random base62 characters + a 6-character base62 CRC32 of them', () => {
    const { plainText, hash } = generateToken();
    expect(tokenLength).toBe(52);
    expect(plainText).toMatch(/^kawan_[0-9A-Za-z]{46}$/);
    const random = plainText.slice(6, 46);
    expect(plainText.slice(46)).toBe(referenceChecksum(random));
    expect(hash).toBe(sha256(plainText));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('computes the checksum as the reference CRC32 does, padded to six characters', () => {
    expect(referenceCrc32('123456789')).toBe(0xcbf43926); // the CRC-32 check value
    for (const random of ['0'.repeat(40), 'z'.repeat(40), 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0']) {
      expect(checksumOf(random)).toBe(referenceChecksum(random));
      expect(checksumOf(random)).toHaveLength(6);
    }
  });

  it('draws the random part uniformly from all 62 characters, never twice the same token', () => {
    const counts = new Map<string, number>();
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      const { plainText } = generateToken();
      seen.add(plainText);
      for (const char of plainText.slice(6, 46)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(seen.size).toBe(1000);
    expect(counts.size).toBe(62);
    // 40 000 characters: about 645 of each; a biased draw (bytes % 62 without rejection) skews these.
    for (const count of counts.values()) expect(count).toBeGreaterThan(480);
    for (const count of counts.values()) expect(count).toBeLessThan(820);
  });

  it('parses a token and the {id}|token form, and nothing malformed', () => {
    const { plainText } = generateToken();
    expect(parseToken(plainText)).toEqual({ plainText });
    expect(parseToken(`42|${plainText}`)).toEqual({ plainText, id: 42 });
    const random = plainText.slice(6, 46);
    const refused = [
      '',
      '|',
      `${plainText}|`,
      `0|${plainText}`,
      `042|${plainText}`,
      `12345678901|${plainText}`,
      `-1|${plainText}`,
      `a|${plainText}`,
      plainText.slice(0, -1),
      `${plainText}0`,
      `ghp_xx${plainText.slice(6)}`,
      plainText.toUpperCase(),
      `${tokenPrefix}${random.slice(0, 39)}-${checksumOf(random)}`,
      `${tokenPrefix}${random}${checksumOf(random).slice(0, 5)}${checksumOf(random)[5] === '0' ? '1' : '0'}`,
      `${tokenPrefix}${random.split('').reverse().join('')}${checksumOf(random)}`,
    ];
    for (const value of refused) expect(parseToken(value), value).toBeUndefined();
  });

  it('gives secret scanners a pattern that finds a leaked token in text', () => {
    const { plainText } = generateToken();
    const leaked = `export KAWAN_TOKEN="${plainText}"\ncurl -H "Authorization: Bearer ${plainText}"`;
    expect(leaked.match(new RegExp(tokenPattern, 'g'))).toEqual([plainText, plainText]);
    expect(tokenPattern.test(`kawan_${'a'.repeat(45)}`)).toBe(false);
    expect(tokenPattern.test(`kawan_${'a'.repeat(47)}`)).toBe(false);
  });

  it('is what the creation modal shows, and the database holds only its SHA-256', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const { plainText } = await createThroughPage(client, { name: 'format', permissions: ['read'] });
    expect(parseToken(plainText!)).toEqual({ plainText });
    const [listed] = (await tokensPage(client)).props.tokens;
    const row = await storedToken(app.services, listed.id);
    expect(row.token).toBe(sha256(plainText!));
    expect(JSON.stringify(row)).not.toContain(plainText!.slice(6, 46));
  });
});
