import type { RetrievedChunk } from './retrieve';

export interface ConfidenceThresholds {
  /** Least cosine similarity of the best chunk to the question. */
  similarity: number;
  /** Least full-text score of the best chunk. */
  fullText: number;
}

/** Tuned for the offline lexical embedder (`kawan` / `lexical-v1`). */
export const lexicalThresholds: ConfidenceThresholds = { similarity: 0.18, fullText: 0.14 };

/**
 * Whether retrieval found something worth answering from, or the bot should say it does not know
 * (its fallback). Two signals, both of the best chunk:
 *   - its vector similarity (when the vector search ran) is at least `similarity`, and
 *   - its full-text score (`ts_rank_cd`, length-normalised, over all the question's words: the
 *     `allWords` of a hit, which the ranking's content words leave out) is at least `fullText`.
 * Both must hold: each retriever alone lets through questions that share a few common words with
 * a passage ("berapa", "kamar", "hotel") but ask about something the knowledge does not have. When
 * no chunk has a vector similarity (the embedder was unavailable, or a full-text-only search), the
 * full-text score decides alone.
 *
 * Tuned by `npm run bench:retrieval` on bench/retrieval (7 documents, 119 answerable and 16
 * unanswerable questions; lexical-v1 embedder, limit 5), choosing the thresholds with the best
 * balanced accuracy (answerable answered + unanswerable sent to the fallback, halved) in a plateau
 * around them (similarity 0.16–0.20, full-text 0.14). At 0.18 and 0.14: hybrid answers 66 of the
 * 119 answerable questions (61 of them with the answer in the 5 chunks) and sends 15 of the 16
 * unanswerable ones to the fallback; similarity alone at its best (0.22) answered 4 unanswerable
 * ones to keep 61 answerable. Most answerable questions it sends to the fallback are ones whose
 * answer is not in the chunks anyway (English questions over Indonesian documents, paraphrases).
 * Full-text only at 0.14: 77 answered, 10 of 16 unanswerable sent to the fallback.
 *
 * The similarity threshold belongs to the lexical embedder: a model's cosine similarities sit on
 * another scale, so a knowledge base embedded by a remote model needs its own (run the benchmark
 * with it and pass them here).
 */
export function isConfident(chunks: RetrievedChunk[], thresholds: ConfidenceThresholds = lexicalThresholds): boolean {
  const best = chunks[0];
  if (!best) return false;
  const { fulltext, vector } = best.retrievers;
  if (!fulltext || fullTextEvidence(fulltext) < thresholds.fullText) return false;
  const vectorRan = chunks.some((chunk) => chunk.retrievers.vector !== undefined);
  if (!vectorRan) return true;
  return vector !== undefined && vector.similarity >= thresholds.similarity;
}

/** A full-text hit's rank on the scale the thresholds were tuned on: over all the question's words. */
export function fullTextEvidence(hit: NonNullable<RetrievedChunk['retrievers']['fulltext']>): number {
  return hit.allWords ?? hit.score;
}
