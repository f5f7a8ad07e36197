import { describe, expect, it } from 'vitest';
import { isConfident, lexicalThresholds } from '../../../server/knowledge/confidence';
import { contentWords, queryWords, type RetrievedChunk } from '../../../server/knowledge/retrieve';

function chunk(retrievers: RetrievedChunk['retrievers']): RetrievedChunk {
  return {
    id: 1,
    knowledgeId: 1,
    sourceId: 1,
    sourceTitle: 'FAQ',
    sourceType: 'qa',
    sourceUrl: null,
    content: 'Ada menu vegan?\n\nAda.',
    context: '',
    meta: {},
    score: 0.03,
    retrievers,
  };
}

describe('contentWords', () => {
  it('leaves out the function words of both languages, and keeps question words', () => {
    expect(contentWords(queryWords('do you have vegan options?'))).toEqual(['vegan', 'options']);
    expect(contentWords(queryWords('yang di kemang ada parkir mobil?'))).toEqual(['kemang', 'parkir', 'mobil']);
    expect(contentWords(queryWords('Berapa harga kopi di Bandung?'))).toEqual(['berapa', 'harga', 'kopi', 'bandung']);
    expect(contentWords(queryWords('where can I smoke?'))).toEqual(['where', 'smoke']);
  });

  it('keeps every word of a question that has nothing else', () => {
    expect(contentWords(queryWords('do you have it?'))).toEqual(['do', 'you', 'have', 'it']);
  });
});

describe('isConfident', () => {
  const { similarity, fullText } = lexicalThresholds;

  it('reads the full-text rank over all the question’s words, the scale its threshold was tuned on', () => {
    // Ranked first on "vegan" alone (a low score), covering the whole question well.
    const best = chunk({
      fulltext: { rank: 1, score: fullText / 2, allWords: fullText + 0.01 },
      vector: { rank: 1, similarity: similarity + 0.01 },
    });
    expect(isConfident([best])).toBe(true);
    const weak = chunk({
      fulltext: { rank: 1, score: fullText * 2, allWords: fullText - 0.01 },
      vector: { rank: 1, similarity: similarity + 0.01 },
    });
    expect(isConfident([weak])).toBe(false);
  });

  it('falls back to the score when a hit has no all-words rank, and needs both signals', () => {
    expect(isConfident([chunk({ fulltext: { rank: 1, score: fullText }, vector: { rank: 1, similarity } })])).toBe(
      true,
    );
    expect(
      isConfident([
        chunk({ fulltext: { rank: 1, score: fullText }, vector: { rank: 1, similarity: similarity - 0.01 } }),
      ]),
    ).toBe(false);
    expect(isConfident([chunk({ fulltext: { rank: 1, score: fullText } })])).toBe(true);
    expect(isConfident([])).toBe(false);
  });
});
