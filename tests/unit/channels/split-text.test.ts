import { describe, expect, it } from 'vitest';
import { splitText } from '../../../server/channels/split-text';

describe('splitText', () => {
  it('keeps a short reply whole', () => {
    expect(splitText('  Halo kak!  ')).toEqual(['Halo kak!']);
    expect(splitText('   ')).toEqual([]);
  });

  it('cuts at a paragraph break before the limit', () => {
    const first = 'a'.repeat(60);
    const second = 'b'.repeat(60);
    expect(splitText(`${first}\n\n${second}`, 100)).toEqual([first, second]);
  });

  it('cuts after a sentence when there is no break', () => {
    const text = `${'Kopi enak sekali. '.repeat(10)}`.trim();
    const parts = splitText(text, 50);
    expect(parts.every((part) => part.length <= 50)).toBe(true);
    expect(parts.every((part) => part.endsWith('.'))).toBe(true);
    expect(parts.join(' ')).toBe(text);
  });

  it('cuts a word longer than the limit and never splits a surrogate pair', () => {
    expect(splitText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    const emoji = '😀'.repeat(6); // 12 code units
    const parts = splitText(emoji, 5);
    expect(parts.join('')).toBe(emoji);
    expect(parts.every((part) => !/[\ud800-\udbff]$/.test(part))).toBe(true);
  });
});
