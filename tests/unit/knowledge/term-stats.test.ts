import { describe, expect, it } from 'vitest';
import { selectivePrefilter, termStatsDue, tsqueryLexeme } from '../../../server/knowledge/term-stats';

const terms = (entries: Record<string, number>) =>
  Object.entries(entries).map(([lexeme, chunks]) => ({ lexeme, chunks }));

describe('selectivePrefilter', () => {
  it('leaves a knowledge or a question within the cap to the plain any-word query', () => {
    expect(selectivePrefilter(terms({ harga: 250, kopi: 200 }), 280, 300)).toBeNull(); // the knowledge itself is small
    expect(selectivePrefilter(terms({ harga: 120, kopi: 80, susu: 100 }), 20_000, 300)).toBeNull(); // 300 at most
    expect(selectivePrefilter([], 20_000, 300)).toBeNull();
  });

  it('lets the rarest words choose, each on its own, while their chunks fit the cap', () => {
    expect(selectivePrefilter(terms({ bisa: 8201, zamrud: 0, paket: 120, antar: 150, bayar: 200 }), 20_000, 300)).toBe(
      "'zamrud' | 'paket' | 'antar'",
    );
  });

  it('orders words of the same count by their text, so the same question gives the same query', () => {
    expect(selectivePrefilter(terms({ b: 10, a: 10, c: 5000 }), 20_000, 300)).toBe("'a' | 'b'");
  });

  it('gives no full-text candidates for a question made only of common words', () => {
    expect(selectivePrefilter(terms({ bisa: 8201, bayar: 8622, di: 16851 }), 20_000, 300)).toBe('');
  });

  it('quotes lexemes so that none is read as an operator or normalised again', () => {
    expect(tsqueryLexeme("o'neil")).toBe("'o''neil'");
    expect(tsqueryLexeme('a\\b')).toBe("'a\\\\b'");
    expect(tsqueryLexeme('&|!')).toBe("'&|!'");
  });
});

describe('termStatsDue', () => {
  it('counts a knowledge once it passes the threshold, then when it has doubled or halved', () => {
    expect(termStatsDue(300, null, 300)).toBe(false);
    expect(termStatsDue(301, null, 300)).toBe(true);
    expect(termStatsDue(600, 400, 300)).toBe(false);
    expect(termStatsDue(801, 400, 300)).toBe(true);
    expect(termStatsDue(199, 400, 300)).toBe(true);
  });
});
