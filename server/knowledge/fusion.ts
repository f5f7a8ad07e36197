/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): merges ranked lists from retrievers
 * whose scores cannot be compared (vector distance, full-text rank) by rank alone.
 */

export interface RankedList<Id> {
  /** The retriever's name, the key of `ranks` in the result ('vector', 'fts'…); unique per call. */
  retriever: string;
  /** Best first. An id repeated in one list counts once, at its best rank. */
  ids: Id[];
}

export interface FusedResult<Id> {
  id: Id;
  /** Σ 1/(k + rank) over the lists that hold the id, ranks 1-based. */
  score: number;
  /** The id's 1-based rank in each list that holds it, by retriever name. */
  ranks: Record<string, number>;
}

/**
 * Fuses ranked lists: score = Σ 1/(k + rank), best first. Ties (equal scores) go to the id with
 * the better best rank, then to the id met first reading the lists in the order given, so the
 * result is the same on every run. Ids are compared with SameValueZero (a Map key).
 */
export function reciprocalRankFusion<Id>(
  lists: Array<RankedList<Id>>,
  options: { k?: number; limit?: number } = {},
): Array<FusedResult<Id>> {
  const k = options.k ?? 60;
  if (!Number.isFinite(k) || k < 0) throw new RangeError(`k must be a finite number ≥ 0, got ${k}`);

  // Insertion order of this map is "met first reading the lists in order", the last tie-break.
  const entries = new Map<Id, { ranks: Record<string, number>; all: number[] }>();
  for (const { retriever, ids } of lists) {
    const seen = new Set<Id>();
    ids.forEach((id, index) => {
      if (seen.has(id)) return;
      seen.add(id);
      const rank = index + 1;
      let entry = entries.get(id);
      if (entry === undefined) {
        entry = { ranks: {}, all: [] };
        entries.set(id, entry);
      }
      const previous = entry.ranks[retriever];
      if (previous === undefined || rank < previous) entry.ranks[retriever] = rank;
      entry.all.push(rank);
    });
  }

  const fused = [...entries].map(([id, { ranks, all }], order) => {
    // Summed best rank first, so two ids with the same ranks in different lists get bit-identical scores.
    all.sort((a, b) => a - b);
    let score = 0;
    for (const rank of all) score += 1 / (k + rank);
    return { id, score, ranks, best: all[0], order };
  });
  fused.sort((a, b) => b.score - a.score || a.best - b.best || a.order - b.order);

  const limited = options.limit === undefined ? fused : fused.slice(0, Math.max(0, options.limit));
  return limited.map(({ id, score, ranks }) => ({ id, score, ranks }));
}
