/**
 * Which retrieved chunks may ground an answer, and whether retrieval as a whole is confident.
 *
 * A chunk grounds an answer when its vector similarity to the question reaches the bot's
 * `retrieval.minScore`, or, for a Q&A chunk, when one of its phrasings is close enough to the
 * question (`PHRASING_SCALE`). When the vector search did not run at all (the knowledge's embedder is
 * unavailable, so no chunk has a similarity), its full-text score decides, at the threshold
 * `isConfident` was tuned with. Confidence is `isConfident` (server/knowledge/confidence.ts) with
 * the bot's `minScore` as its similarity threshold: the best chunk must clear both signals.
 */
import { fullTextEvidence, isConfident, lexicalThresholds } from '../knowledge/confidence';
import type { RetrievedChunk } from '../knowledge/retrieve';

/**
 * How much higher a Q&A phrasing's cosine to a question runs than a chunk's: short question against
 * short question. At `minScore` × 1.4 (0.25 by default) a pair whose phrasing is that close grounds
 * an answer whatever its chunk's similarity; on bench:retrieval's FAQ set 0.24–0.28 answered four
 * or five more questions right and none wrong, 0.18–0.22 let two wrong replies through.
 */
export const PHRASING_SCALE = 1.4;

/**
 * The chunks that may ground an answer; `phrasings` are the Q&A chunks' nearest phrasing cosines
 * (curated.ts `phrasingScores`), when the caller has them.
 */
export function groundingChunks(
  chunks: RetrievedChunk[],
  minScore: number,
  phrasings?: ReadonlyMap<number, number>,
): RetrievedChunk[] {
  const vectorRan = chunks.some((chunk) => chunk.retrievers.vector !== undefined);
  return chunks.filter(
    (chunk) =>
      (vectorRan
        ? (chunk.retrievers.vector?.similarity ?? -1) >= minScore
        : chunk.retrievers.fulltext !== undefined &&
          fullTextEvidence(chunk.retrievers.fulltext) >= lexicalThresholds.fullText) ||
      (phrasings?.get(chunk.id) ?? -1) >= minScore * PHRASING_SCALE,
  );
}

export function confidentRetrieval(chunks: RetrievedChunk[], minScore: number): boolean {
  return isConfident(chunks, { similarity: minScore, fullText: lexicalThresholds.fullText });
}

/** "similarity 0.12, full-text 0.30" of the best chunk, for the trace. */
export function describeBest(chunks: RetrievedChunk[]): string {
  const best = chunks[0];
  if (!best) return 'nothing retrieved';
  const parts: string[] = [];
  if (best.retrievers.vector) parts.push(`similarity ${best.retrievers.vector.similarity.toFixed(3)}`);
  if (best.retrievers.fulltext) parts.push(`full-text ${fullTextEvidence(best.retrievers.fulltext).toFixed(3)}`);
  return `best chunk ${best.id}: ${parts.join(', ') || 'no retriever scores'}`;
}
