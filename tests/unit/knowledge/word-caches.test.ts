import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { lexicalVector } from '../../../server/knowledge/embedders/lexical';
import { countTokens } from '../../../server/knowledge/tokens';
import { unsliced } from '../../../server/knowledge/text';
import { bestCuratedMatch } from '../../../server/bot-engine/curated';
import type { RetrievedChunk } from '../../../server/knowledge/retrieve';

/**
 * The token counter and the lexical embedder remember words across texts, and the curated-answer
 * check its phrasings across turns. A word cut from a text is, in V8, a view into that text:
 * remembered as it is, it would keep every document it came from alive for as long as the cache
 * holds it.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('the word caches', () => {
  it('keep words, not the texts they were cut from', () => {
    // Warm up what the first use loads (the tokenizer's tables).
    countTokens('kopi susu');
    lexicalVector('kopi susu');
    const before = heapAfterGc();
    for (let index = 0; index < 30; index++) {
      // About 300 KB each, starting with long words of their own that both caches remember.
      const text = `pengembalian${index}nya berhasil${index}, ${'kata biasa '.repeat(27_000)}${index}`;
      countTokens(text);
      lexicalVector(text);
    }
    // Held as views, the 30 texts would keep about 9 MB alive.
    expect(heapAfterGc() - before).toBeLessThan(3 * 1024 * 1024);
  }, 30_000);

  it("keep a curated chunk's phrasings, not the contexts they were cut from", () => {
    bestCuratedMatch('kopi susu', []);
    const before = heapAfterGc();
    for (let index = 0; index < 30; index++) {
      // About 300 KB of context each; its one phrasing (trimmed, so a view) is what is remembered.
      const question = `Bisa refund pesanan nomor ${index}?`;
      const chunk: RetrievedChunk = {
        id: index,
        knowledgeId: 1,
        sourceId: 1,
        sourceTitle: question,
        sourceType: 'qa',
        sourceUrl: null,
        content: `${question}\n\nBisa.`,
        context: ` Uang pesanan ${index} kembali? ${' '.repeat(300_000)}`,
        meta: { question },
        score: 0.03,
        retrievers: { fulltext: { rank: 1, score: 0.4 } },
      };
      expect(bestCuratedMatch(`refund pesanan ${index}`, [chunk])).not.toBeNull();
    }
    // Held as views, the 30 contexts would keep about 9 MB alive.
    expect(heapAfterGc() - before).toBeLessThan(3 * 1024 * 1024);
  }, 30_000);

  it('copies a long word and leaves a short one as it is', () => {
    const text = 'x'.repeat(100) + 'pengembaliannya' + 'y'.repeat(100);
    const word = text.slice(100, 115);
    expect(unsliced(word)).toBe('pengembaliannya');
    expect(unsliced('kopi')).toBe('kopi');
  });
});
