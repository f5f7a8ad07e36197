import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/env';
import { fields, type PasswordRules } from '../../server/domain/shared/validation';

const base = {
  APP_KEY: 'base64:dGVzdGluZy1rZXktZm9yLWthd2FuLXRlc3RzLTMyYiE=',
  REVERB_APP_ID: '1',
  REVERB_APP_KEY: 'key',
  REVERB_APP_SECRET: 'secret-0123456789abcdef',
};

describe('password rule settings', () => {
  it('default to Laravel’s Password::defaults(): 8 characters, nothing else', () => {
    expect(loadConfig(base).passwords).toEqual({ minLength: 8, mixedCase: false, numbers: false, symbols: false });
    expect(
      loadConfig({
        ...base,
        PASSWORD_MIN_LENGTH: '',
        PASSWORD_REQUIRE_MIXED_CASE: '',
        PASSWORD_REQUIRE_NUMBERS: 'false',
        PASSWORD_REQUIRE_SYMBOLS: '',
      }).passwords,
    ).toEqual({ minLength: 8, mixedCase: false, numbers: false, symbols: false });
  });

  it('turn on each rule and raise the length', () => {
    const config = loadConfig({
      ...base,
      PASSWORD_MIN_LENGTH: '14',
      PASSWORD_REQUIRE_MIXED_CASE: 'true',
      PASSWORD_REQUIRE_NUMBERS: 'true',
      PASSWORD_REQUIRE_SYMBOLS: 'true',
    });
    expect(config.passwords).toEqual({ minLength: 14, mixedCase: true, numbers: true, symbols: true });
  });

  it.each([
    [{ PASSWORD_MIN_LENGTH: '6' }, 'PASSWORD_MIN_LENGTH: must be at least 8'],
    [{ PASSWORD_MIN_LENGTH: '300' }, 'PASSWORD_MIN_LENGTH: must be at most 255'],
    [{ PASSWORD_MIN_LENGTH: 'twelve' }, 'PASSWORD_MIN_LENGTH'],
    [{ PASSWORD_REQUIRE_SYMBOLS: 'yes' }, 'PASSWORD_REQUIRE_SYMBOLS: must be "true" or "false"'],
  ])('refuse %j at boot', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe('fields.password', () => {
  const all: PasswordRules = { minLength: 10, mixedCase: true, numbers: true, symbols: true };
  const firstError = (rules: PasswordRules, value: unknown, field?: string) =>
    fields.password(rules, field).safeParse(value).error?.issues[0]?.message;

  it('names the field as Laravel does', () => {
    expect(firstError(all, 'short', 'new_password')).toBe('The new password field must be at least 10 characters.');
    expect(firstError(all, '')).toBe('The password field is required.');
    expect(firstError(all, undefined)).toBe('The password field is required.');
  });

  it('uses Laravel’s patterns: Unicode letters, symbols or spaces, digits', () => {
    expect(firstError(all, 'ÉCOLE école 1')).toBeUndefined();
    expect(firstError(all, 'Kopi Tubruk 2')).toBeUndefined(); // a space counts as a symbol (\p{Z})
    expect(firstError(all, 'Kopi€Tubruk2')).toBeUndefined(); // so does a currency sign (\p{S})
    expect(firstError(all, 'Kopi-Tubruk-٣')).toBeUndefined(); // any Unicode digit (\p{N})
    expect(firstError(all, '12345-67890')).toBe(
      'The password field must contain at least one uppercase and one lowercase letter.',
    );
  });

  it('checks nothing but the length when no rule is on', () => {
    const plain: PasswordRules = { minLength: 8, mixedCase: false, numbers: false, symbols: false };
    expect(firstError(plain, 'password')).toBeUndefined();
    expect(firstError(plain, 'x'.repeat(256))).toBe('The password field must not be greater than 255 characters.');
  });
});
