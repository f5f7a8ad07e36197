import { readdirSync, readFileSync } from 'node:fs';
import { countTokens as countWhole } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokens, estimateTokens, fitsInTokens } from '../../../server/knowledge/tokens';

const corpusDirectory = new URL('../../../bench/retrieval/corpus/', import.meta.url);
const plain = { disallowedSpecial: new Set<string>() };

/** A seeded generator of awkward text: mixed scripts, digits, runs of spaces and newlines, contractions. */
function awkwardTexts(count: number): string[] {
  let state = 12345;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
  const atoms = [
    'kopi',
    ' Kopi',
    'HARGA',
    'harganya',
    "don't",
    "It's",
    ' 25.000',
    '1234567',
    '  ',
    '   ',
    '\n',
    '\n\n',
    '\r\n',
    '\t',
    ' \n ',
    '…',
    'é',
    'ü',
    'ñ',
    '東京',
    'Москва',
    '😀',
    '👍🏽',
    '<|endoftext|>',
    '<|im_start|>',
    '#',
    '##',
    '|',
    ' | ',
    '---',
    '**',
    '`code`',
    'https://kawan.test/a?b=1',
    'Rp',
    '.',
    ',',
    '!?',
    '–',
    '\u00a0',
    '\u200b',
    "'s",
    'ʼ',
    // Whitespace other than the space, around which a word may or may not begin.
    '\u3000',
    '\u2028',
    '\u000b',
    '\u000c',
    '\ufeff',
    '\u202f',
    '\u1680',
    ' \t ',
    'x\u00a0 y',
    // A combining mark, and digits against letters.
    'e\u0301',
    '12abc',
    "'S",
  ];
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 40) }, () => atoms[Math.floor(next() * atoms.length)]).join(
      next() < 0.5 ? '' : ' ',
    ),
  );
}

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

  it('counts exactly what the encoder counts for the whole text (piece by piece, remembered)', () => {
    const documents = readdirSync(corpusDirectory).map((name) => readFileSync(new URL(name, corpusDirectory), 'utf8'));
    const texts = [...documents, ...documents.flatMap((text) => text.split('\n\n')), ...awkwardTexts(5000)];
    for (const text of texts)
      expect(countTokens(text), JSON.stringify(text.slice(0, 80))).toBe(countWhole(text, plain));
    // Twice: the second time every piece is remembered.
    for (const text of texts) expect(countTokens(text)).toBe(countWhole(text, plain));
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
    ['a <|endoftext|> b', 2, false],
    ['x', -1, false],
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
