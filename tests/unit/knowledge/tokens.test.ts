import { describe, expect, it } from 'vitest';
import { countTokens, estimateTokens, fitsInTokens } from '../../../server/knowledge/tokens';

describe('countTokens (o200k_base)', () => {
  it.each([
    ['', 0],
    ['hello', 1],
    ['Hello world', 2],
    ['Harga kopi susu Rp 25.000', 8],
  ])('counts %j as %i tokens', (text, expected) => {
    expect(countTokens(text)).toBe(expected);
  });

  it('treats special-token markers in a document as plain text instead of throwing', () => {
    expect(countTokens('a <|endoftext|> b')).toBeGreaterThan(3);
  });

  it('grows with the text', () => {
    const sentence = 'Kami buka setiap hari dari jam delapan pagi sampai jam sepuluh malam. ';
    expect(countTokens(sentence.repeat(10))).toBeGreaterThan(countTokens(sentence) * 9);
  });
});

describe('fitsInTokens', () => {
  it.each([
    ['', 0, true],
    ['hello', 1, true],
    ['Hello world', 1, false],
    ['Hello world', 2, true],
  ])('%j within %i tokens: %s', (text, limit, expected) => {
    expect(fitsInTokens(text, limit)).toBe(expected);
  });
});

describe('estimateTokens', () => {
  it('is within a factor of two of the exact count for prose', () => {
    const text = 'Pengembalian dana untuk pesanan yang terlambat diproses dalam tiga hari kerja. '.repeat(20);
    const exact = countTokens(text);
    expect(estimateTokens(text)).toBeGreaterThan(exact / 2);
    expect(estimateTokens(text)).toBeLessThan(exact * 2);
  });
});
