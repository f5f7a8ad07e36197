import { describe, expect, it } from 'vitest';
import { lexicalVector } from '../../../server/knowledge/embedders/lexical';
import {
  addToCentroid,
  bestGap,
  gapThresholds,
  gapWords,
  joins,
  thresholdsFor,
  wordOverlap,
  worthCollecting,
  type GapCandidate,
  type GapThresholds,
} from '../../../server/reports/gap-similarity';

/**
 * How unanswered questions group into gaps with the offline lexical embedder: the set the
 * thresholds were tuned on. Each group is one question asked many ways (typos, colloquial
 * Indonesian, English); different groups must never share a gap, whatever the order they arrive in.
 */
const groups: Record<string, string[]> = {
  hours: [
    'jam brp buka?',
    'buka jam berapa ya kak',
    'Jam berapa bukanya?',
    'jm brapa bukak kak?',
    'kak, buka jam berapa?',
    'bukanya jam brp min',
    'jam buka hari ini sampai jam berapa?',
  ],
  hoursEnglish: [
    'what time do you open',
    'What time do you open?',
    'when do you open?',
    'what time does the cafe open',
  ],
  priceKopiSusu: ['berapa harga kopi susu?', 'harga kopi susu brp?', 'kopi susu harganya berapa kak'],
  priceCroissant: ['berapa harga croissant?'],
  wifi: ['apakah ada wifi?', 'ada wifi ga kak?', 'wifi nya ada?', 'password wifi apa?'],
  vegan: ['ada menu vegan ga?', 'menu vegan ada?'],
  shipping: ['berapa ongkir ke bekasi?', 'ongkir ke bekasi brp?'],
  closing: ['jam berapa tutup?'],
  parking: ['parkir mobil bayar ga?'],
  qris: ['bisa bayar pakai qris?'],
  refund: ['gimana cara refund?', 'cara refund gimana kak'],
  gofood: ['bisa pesan lewat gofood?'],
  booking: ['bisa reservasi untuk 10 orang?', 'bisa booking tempat buat 10 orang?'],
  delivery: ['bisa antar ke kantor?'],
};

const questions = Object.entries(groups).flatMap(([group, texts]) =>
  texts.map((text) => ({ group, text, vector: lexicalVector(text), words: gapWords(text) })),
);

/** Questions in the given order into gaps, the way the collecting job does it. */
function cluster(order: typeof questions, thresholds: GapThresholds = gapThresholds) {
  const gaps: (GapCandidate & { count: number; members: typeof questions })[] = [];
  for (const question of order) {
    const match = bestGap(question.vector, question.words, gaps, thresholds);
    const gap = match && gaps.find((candidate) => candidate.id === match.id);
    if (gap) {
      gap.centroid = addToCentroid(gap.centroid, gap.count, question.vector);
      gap.count += 1;
      gap.examples = [question.words, ...gap.examples].slice(0, 20);
      gap.members.push(question);
    } else {
      gaps.push({
        id: gaps.length + 1,
        centroid: [...question.vector],
        examples: [question.words],
        count: 1,
        members: [question],
      });
    }
  }
  return gaps;
}

/** A fixed shuffle (a Lehmer generator), so a failure names an order that can be replayed. */
function shuffled<T>(list: T[], seed: number): T[] {
  let state = seed;
  const next = () => (state = (state * 16807) % 2147483647) / 2147483647;
  return list
    .map((item) => ({ item, key: next() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

const orders = [
  questions,
  [...questions].reverse(),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => shuffled(questions, seed)),
];

describe('gap words', () => {
  it('keeps what is asked: standard forms, stems, no question words, politeness or greetings', () => {
    expect(gapWords('Jam brp bukanya kak?')).toEqual(['jam', 'buka']);
    expect(gapWords('jm brapa bukak kak?')).toEqual(['jam', 'bukak']);
    expect(gapWords('berapa ongkir ke Bekasi?').slice(0, 2)).toEqual(['ongko', 'kirim']);
    expect(gapWords('What time do you open?')).toEqual(['time', 'open']);
    expect(gapWords('halo kak, makasih ya')).toEqual([]);
  });

  it('overlap forgives one typo in longer words, not in short ones', () => {
    expect(wordOverlap(['jam', 'bukak'], ['jam', 'buka'])).toBe(1);
    expect(wordOverlap(['harga', 'kopi'], ['harga', 'kopi', 'susu'])).toBeCloseTo(2 / 3);
    expect(wordOverlap(['jam', 'buka'], ['jam', 'tutup'])).toBeCloseTo(1 / 3);
    expect(wordOverlap(['jam'], ['jas'])).toBe(0);
    expect(wordOverlap([], ['jam'])).toBe(0);
  });

  it('collects questions, not greetings, thanks or one-letter messages', () => {
    expect(worthCollecting('jam brp buka?')).toBe(true);
    expect(worthCollecting('wifi?')).toBe(true);
    for (const text of ['', ' ', 'p', 'ok', 'halo kak', 'terima kasih ya', 'makasih min', '??']) {
      expect(worthCollecting(text), text).toBe(false);
    }
  });
});

describe('grouping unanswered questions', () => {
  it('puts the ways of asking one question in one gap, whatever the order', () => {
    for (const [index, order] of orders.entries()) {
      const gaps = cluster(order);
      for (const group of ['hours', 'priceKopiSusu', 'wifi', 'vegan', 'shipping', 'refund']) {
        const holding = new Set(gaps.filter((gap) => gap.members.some((q) => q.group === group)).map((gap) => gap.id));
        expect(
          holding.size,
          `order ${index}: ${group} in ${holding.size} gaps: ${gaps
            .filter((gap) => gap.members.some((q) => q.group === group))
            .map((gap) => gap.members.map((q) => q.text).join(' / '))
            .join(' ## ')}`,
        ).toBe(1);
      }
    }
  });

  it('never puts different questions in one gap, whatever the order', () => {
    for (const [index, order] of orders.entries()) {
      for (const gap of cluster(order)) {
        const mixed = new Set(gap.members.map((question) => question.group));
        expect(mixed.size, `order ${index}: ${gap.members.map((q) => q.text).join(' | ')}`).toBe(1);
      }
    }
  });

  it('keeps the English and the Indonesian ways apart: the lexical embedder matches words, not meaning', () => {
    const gaps = cluster(questions);
    const english = gaps.find((gap) => gap.members.some((q) => q.text === 'what time do you open'))!;
    expect(english.members.map((q) => q.group)).not.toContain('hours');
    expect(english.members.map((q) => q.text)).toEqual(expect.arrayContaining(['What time do you open?']));
  });

  it('has margins: a looser word overlap starts merging different questions, the chosen one does not', () => {
    const merges = (thresholds: GapThresholds) =>
      orders.some((order) =>
        cluster(order, thresholds).some((gap) => new Set(gap.members.map((q) => q.group)).size > 1),
      );
    expect(merges(gapThresholds)).toBe(false);
    expect(merges({ ...gapThresholds, overlap: 0.34 })).toBe(false);
    expect(merges({ ...gapThresholds, overlap: 0.3 })).toBe(true);
    expect(merges({ ...gapThresholds, similar: 0.15 })).toBe(false);
  });

  it('joins on similarity alone only for near-identical wording, on words alone only when the embedder does not disagree', () => {
    expect(joins({ similarity: 0.85, overlap: 0 })).toBe(true);
    expect(joins({ similarity: 0.65, overlap: 0.25 })).toBe(false);
    expect(joins({ similarity: 0.3, overlap: 0.5 })).toBe(true);
    expect(joins({ similarity: 0.05, overlap: 1 })).toBe(true);
    expect(joins({ similarity: -0.05, overlap: 1 })).toBe(false);
    expect(joins({ similarity: 0.5, overlap: 0.6 })).toBe(true);
    expect(joins({ similarity: 0.15, overlap: 0.6 })).toBe(false);
  });

  it('keeps the centroid the mean of the vectors, so its cosine equals that of the batch mean', () => {
    const vectors = groups.hours.map((text) => lexicalVector(text));
    const incremental = vectors.reduce(
      (centroid, vector, count) => addToCentroid(centroid, count, vector),
      [] as number[],
    );
    const mean = vectors[0].map((_, i) => vectors.reduce((sum, vector) => sum + vector[i], 0) / vectors.length);
    incremental.forEach((value, i) => expect(value).toBeCloseTo(mean[i], 12));
  });

  it('uses stricter thresholds for a model server embedder than for the lexical one', () => {
    expect(thresholdsFor({ provider: 'kawan' })).toBe(gapThresholds);
    const semantic = thresholdsFor({ provider: 'openai-compatible' });
    expect(semantic.strong).toBeGreaterThan(gapThresholds.strong);
    expect(semantic.similar).toBeGreaterThan(gapThresholds.similar);
  });
});
