import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from '../../../server/knowledge/fusion';

const ids = (result: Array<{ id: string }>) => result.map((entry) => entry.id);

describe('reciprocalRankFusion', () => {
  it.each([
    { name: 'no lists', lists: [], expected: [] },
    {
      name: 'one list keeps its order',
      lists: [{ retriever: 'fts', ids: ['a', 'b', 'c'] }],
      expected: ['a', 'b', 'c'],
    },
    {
      name: 'an id both retrievers found beats ids only one found',
      lists: [
        { retriever: 'fts', ids: ['a', 'b', 'c'] },
        { retriever: 'vector', ids: ['d', 'e', 'c'] },
      ],
      expected: ['c', 'a', 'd', 'b', 'e'],
    },
    {
      name: 'mirror ranks tie; the better best rank wins, then the first list',
      lists: [
        { retriever: 'fts', ids: ['a', 'b'] },
        { retriever: 'vector', ids: ['b', 'a'] },
      ],
      expected: ['a', 'b'],
    },
    {
      name: 'equal scores and equal best ranks: the id met first reading the lists in order',
      lists: [
        { retriever: 'fts', ids: ['x', 'a'] },
        { retriever: 'vector', ids: ['y', 'b'] },
      ],
      expected: ['x', 'y', 'a', 'b'],
    },
    {
      name: 'a repeated id in one list counts once, at its best rank',
      lists: [
        { retriever: 'fts', ids: ['a', 'a', 'b'] },
        { retriever: 'vector', ids: ['b'] },
      ],
      expected: ['b', 'a'],
    },
    {
      name: 'empty lists are ignored',
      lists: [
        { retriever: 'fts', ids: [] },
        { retriever: 'vector', ids: ['a'] },
      ],
      expected: ['a'],
    },
  ])('$name', ({ lists, expected }) => {
    expect(ids(reciprocalRankFusion<string>(lists))).toEqual(expected);
  });

  it('scores Σ 1/(k + rank) with 1-based ranks and reports each rank by retriever', () => {
    const [first, second] = reciprocalRankFusion([
      { retriever: 'fts', ids: ['a', 'b'] },
      { retriever: 'vector', ids: ['b'] },
    ]);
    expect(first).toEqual({ id: 'b', score: 1 / 62 + 1 / 61, ranks: { fts: 2, vector: 1 } });
    expect(second).toEqual({ id: 'a', score: 1 / 61, ranks: { fts: 1 } });
  });

  it('takes k and limit', () => {
    const result = reciprocalRankFusion(
      [
        { retriever: 'fts', ids: [1, 2, 3] },
        { retriever: 'vector', ids: [3, 2, 1] },
      ],
      { k: 0, limit: 2 },
    );
    expect(result).toHaveLength(2);
    // k = 0: 1 and 3 score 1 + 1/3, 2 scores 1/2 + 1/2.
    expect(result.map((entry) => entry.id)).toEqual([1, 3]);
    expect(result[0].score).toBeCloseTo(4 / 3);
  });

  it('gives identical scores to the same ranks in a different list order (no float drift)', () => {
    const result = reciprocalRankFusion([
      { retriever: 'a', ids: ['p', 'q', 'r'] },
      { retriever: 'b', ids: ['r', 'p', 'q'] },
      { retriever: 'c', ids: ['q', 'r', 'p'] },
    ]);
    expect(new Set(result.map((entry) => entry.score)).size).toBe(1);
    expect(ids(result)).toEqual(['p', 'q', 'r']);
  });

  it('rejects a negative k', () => {
    expect(() => reciprocalRankFusion([], { k: -1 })).toThrow(RangeError);
  });
});
