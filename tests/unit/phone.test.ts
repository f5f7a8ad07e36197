import { describe, expect, it } from 'vitest';
import { formatPhone } from '@/lib/phone';

describe('formatPhone', () => {
  it.each([
    // empty
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['   ', ''],
    // exactly 10 digits
    ['4155550123', '(415) 555-0123'],
    ['415-555-0123', '(415) 555-0123'],
    ['(415) 555 0123', '(415) 555-0123'],
    ['6281234567', '(628) 123-4567'],
    // 9 digits: fallback
    ['415555012', '+415555012'],
    // 11 digits starting with 1
    ['14155550123', '+1 (415) 555-0123'],
    ['+1 415-555-0123', '+1 (415) 555-0123'],
    ['1 (415) 555 0123', '+1 (415) 555-0123'],
    // 11 digits not starting with 1: fallback, original value kept
    ['24155550123', '+24155550123'],
    ['+44 2079460958', '+44 2079460958'],
    // 12 digits starting with 62: not more than 12, fallback
    ['628123456789', '+628123456789'],
    ['+62 812 3456 789', '+62 812 3456 789'],
    // more than 12 digits starting with 62
    ['6281234567890', '+62 812-3456-7890'],
    ['62812345678901', '+62 812-3456-78901'],
    ['+62 812-3456-7890', '+62 812-3456-7890'],
    [' +62 (812) 3456 78901 ', '+62 812-3456-78901'],
    // more than 12 digits not starting with 62: fallback
    ['6381234567890', '+6381234567890'],
    // fallback keeps the trimmed original string
    ['  +31 20 123 4567  ', '+31 20 123 4567'],
    ['31 20 123 4567', '+31 20 123 4567'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});
