import { describe, expect, it } from 'vitest';
import { bestCuratedMatch, clearsThreshold, curatedAnswer, phrasingScores } from '../../../server/bot-engine/curated';
import { botConfigDefaults } from '../../../server/bot-engine/bot-config';
import type { RetrievedChunk } from '../../../server/knowledge/retrieve';

function qa(id: number, question: string, answer: string, alternatives: string[] = []): RetrievedChunk {
  return {
    id,
    knowledgeId: 1,
    sourceId: id * 10,
    sourceTitle: question,
    sourceType: 'qa',
    sourceUrl: null,
    content: `${question}\n\n${answer}`,
    context: alternatives.join('\n'),
    meta: { question },
    score: 0.03,
    retrievers: { fulltext: { rank: 1, score: 0.4 } },
  };
}

const prose: RetrievedChunk = {
  ...qa(9, 'x', 'y'),
  content: 'Berapa harga kamar deluxe? Harga kamar deluxe Rp 900.000 per malam.',
  context: 'Harga',
  meta: { heading: 'Harga' },
};

const deluxe = qa(1, 'Berapa harga kamar deluxe?', 'Rp 900.000 per malam, sudah termasuk sarapan.');
const standard = qa(2, 'Berapa harga kamar standard?', 'Rp 600.000 per malam.');
const refund = qa(3, 'Bagaimana cara refund?', 'Isi formulir refund di aplikasi.', [
  'Cara mengembalikan uang',
  'Uang saya bisa kembali?',
]);
const threshold = botConfigDefaults.curatedThreshold;

describe('curated answers', () => {
  it('matches a rephrased question with chat abbreviations above the default threshold', () => {
    for (const asked of ['Berapa harga kamar deluxe?', 'brp harga kamar deluxe', 'berapa harga kamar deluxe ya']) {
      const match = bestCuratedMatch(asked, [standard, deluxe]);
      expect(match?.chunk.id, asked).toBe(1);
      expect(clearsThreshold(match, threshold), asked).toBe(true);
    }
    expect(clearsThreshold(bestCuratedMatch('gimana cara refund?', [refund]), threshold)).toBe(true);
  });

  it('does not give a neighbouring item’s answer', () => {
    const match = bestCuratedMatch('Berapa harga kamar suite?', [deluxe, standard]);
    expect(clearsThreshold(match, threshold)).toBe(false);
    expect(clearsThreshold(bestCuratedMatch('bagaimana cara reservasi?', [refund]), threshold)).toBe(false);
  });

  it('matches the alternative phrasings too', () => {
    const match = bestCuratedMatch('cara mengembalikan uang', [refund]);
    expect(match?.phrasing).toBe('Cara mengembalikan uang');
    expect(match?.score).toBeCloseTo(1, 6);
    expect(clearsThreshold(match, 1)).toBe(true);
  });

  it("scores each Q&A chunk by its nearest phrasing, through the question's translations too", () => {
    const table = qa(4, 'Bagaimana cara reservasi meja?', 'Lewat WhatsApp 0812-8800-4521.', ['booking meja bisa?']);
    const asked = 'How do I reserve a table?';
    const scores = phrasingScores(asked, [prose, table, deluxe]);
    expect([...scores.keys()]).toEqual([4, 1]);
    // "reserve" is "reservasi", "table" is "meja": the pair is met through the translations.
    expect(bestCuratedMatch(asked, [table])!.score).toBeLessThan(0.15);
    expect(scores.get(4)).toBeGreaterThan(0.25);
    expect(scores.get(1)).toBeLessThan(0.1);
  });

  it('only considers Q&A chunks', () => {
    expect(bestCuratedMatch('Berapa harga kamar deluxe?', [prose])).toBeNull();
  });

  it('answers with the part after the question', () => {
    expect(curatedAnswer(deluxe)).toBe('Rp 900.000 per malam, sudah termasuk sarapan.');
    expect(curatedAnswer({ ...deluxe, content: 'Pertanyaan lain\n\nJawabannya.' })).toBe('Jawabannya.');
    expect(curatedAnswer({ ...deluxe, content: 'Rp 900.000.' })).toBe('Rp 900.000.');
  });
});
