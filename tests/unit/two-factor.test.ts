import { describe, expect, it } from 'vitest';
import { generateTotpSecret, otpauthUrl, timeStepAt, verifyTotp } from '../../server/domain/two-factor/totp';
import {
  findRecoveryCode,
  generateRecoveryCodes,
  recoveryCodePattern,
  replaceRecoveryCode,
} from '../../server/domain/two-factor/recovery-codes';
import { qrCodeSvg } from '../../server/domain/two-factor/qr-code';

/** RFC 6238 Appendix B, SHA-1: the ASCII key "12345678901234567890" (last 6 of the 8 digits). */
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const vectors: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors and returns the time step', async () => {
    for (const [time, code] of vectors) expect(await verifyTotp(rfcSecret, code, { now: time })).toBe(timeStepAt(time));
  });

  it('accepts one step either side, not two', async () => {
    const [time, code] = vectors[1];
    expect(await verifyTotp(rfcSecret, code, { now: time + 30 })).toBe(timeStepAt(time));
    expect(await verifyTotp(rfcSecret, code, { now: time - 30 })).toBe(timeStepAt(time));
    expect(await verifyTotp(rfcSecret, code, { now: time + 60 })).toBeNull();
    expect(await verifyTotp(rfcSecret, code, { now: time - 60 })).toBeNull();
  });

  it('refuses steps at or before the last accepted one', async () => {
    const [time, code] = vectors[1];
    const step = timeStepAt(time);
    expect(await verifyTotp(rfcSecret, code, { now: time, afterStep: step - 1 })).toBe(step);
    expect(await verifyTotp(rfcSecret, code, { now: time, afterStep: step })).toBeNull();
    expect(await verifyTotp(rfcSecret, code, { now: time, afterStep: step + 5 })).toBeNull();
  });

  it('ignores spaces and refuses anything that is not 6 digits', async () => {
    const [time] = vectors[1];
    expect(await verifyTotp(rfcSecret, '081 804', { now: time })).not.toBeNull();
    for (const code of ['', '81804', '0818045', 'abcdef', '08180a'])
      expect(await verifyTotp(rfcSecret, code, { now: time })).toBeNull();
  });

  it('makes 32-character base32 secrets', () => {
    const secrets = new Set(Array.from({ length: 20 }, generateTotpSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('builds the otpauth URL with rawurlencoded issuer and account', () => {
    expect(otpauthUrl('Kawan Bots', "o'brien@example.com", 'ABC')).toBe(
      'otpauth://totp/Kawan%20Bots:o%27brien%40example.com?secret=ABC&issuer=Kawan%20Bots&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('draws the QR code as a bare 192 px SVG', async () => {
    const svg = await qrCodeSvg('otpauth://totp/Kawan:a%40b.c?secret=ABC');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="192" height="192"/);
    expect(svg.endsWith('</svg>')).toBe(true);
  });
});

describe('recovery codes', () => {
  it('makes 8 distinct codes of 10-10 alphanumerics', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
    for (const code of codes) expect(code).toMatch(recoveryCodePattern);
  });

  it('finds an exact match only, and replaces a used code in place', () => {
    const codes = generateRecoveryCodes();
    expect(findRecoveryCode(codes, codes[5])).toBe(codes[5]);
    expect(
      findRecoveryCode(codes, codes[5].toLowerCase() === codes[5] ? codes[5].toUpperCase() : codes[5].toLowerCase()),
    ).toBeUndefined();
    expect(findRecoveryCode(codes, ` ${codes[5]}`)).toBeUndefined();
    expect(findRecoveryCode(codes, '')).toBeUndefined();

    const replaced = replaceRecoveryCode(codes, codes[5]);
    expect(replaced).toHaveLength(8);
    expect(replaced[5]).not.toBe(codes[5]);
    expect(replaced[5]).toMatch(recoveryCodePattern);
    expect(replaced.filter((code, index) => code === codes[index])).toHaveLength(7);
  });
});
