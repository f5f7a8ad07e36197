import { describe, expect, it } from 'vitest';
import { phoneE164 } from '../../server/support/phone';

describe('a phone number as an agent types it', () => {
  it.each([
    ['0812-3456-7890', '+6281234567890'],
    ['0812 3456 7890', '+6281234567890'],
    ['+62 812-3456-7890', '+6281234567890'],
    ['62 812 3456 7890', '+6281234567890'],
    ['0062 812 3456 7890', '+6281234567890'],
    ['(021) 555-0199', '+62215550199'],
    ['+1 (415) 555-0100', '+14155550100'],
  ])('%s → %s', (typed, e164) => {
    expect(phoneE164(typed)).toBe(e164);
  });

  it.each(['12ab', '0812', '+0812345678', '+1234567890123456', 'kak'])('refuses %j', (typed) => {
    expect(phoneE164(typed)).toBeUndefined();
  });
});
