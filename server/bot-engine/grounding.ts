/**
 * Which retrieved chunks may ground an answer, and whether retrieval as a whole is confident.
 *
 * A chunk grounds an answer when its vector similarity to the question reaches the bot's
 * `retrieval.minScore`, or, for a Q&A chunk, when one of its phrasings is close enough to the
 * question (`PHRASING_SCALE`). When the vector search did not run at all (the knowledge's embedder is
 * unavailable, so no chunk has a similarity), its full-text score decides, at the threshold
 * `isConfident` was tuned with. When no chunk grounds that way, the chunks that hold every word the
 * question is about do (`chunksHoldingTheQuestion`). Confidence is `isConfident`
 * (server/knowledge/confidence.ts) with the bot's `minScore` as its similarity threshold: the best
 * chunk must clear both signals.
 */
import { fullTextEvidence, isConfident, lexicalThresholds } from '../knowledge/confidence';
import { heldForms, questionTerms, shareHeld } from '../knowledge/question-terms';
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

/**
 * The chunks that hold every word the question is about (question-terms.ts: each in one of its
 * forms, a glossary translation or one letter off), in their heading path or text: what grounds an
 * answer when no chunk is similar enough. A long passage's similarity to a short question is diluted
 * by everything else it says, and the lexical embedder does not see across languages: "How much is
 * an extra bed?" against "Tempat tidur tambahan (extra bed) Rp 300.000 per malam, …" is 0.07.
 * None for a question about nothing in particular ("halo kak"). On bench:retrieval, with the
 * extractive provider: 5 more right replies of 180, 1 more wrong (the right passage, another of its
 * sentences), no unanswerable question answered; a share of three quarters instead of all added
 * 2 wrong replies for 1 more right one.
 */
export function chunksHoldingTheQuestion(message: string, chunks: RetrievedChunk[]): RetrievedChunk[] {
  const terms = questionTerms(message);
  if (terms.length === 0) return [];
  return chunks.filter((chunk) => shareHeld(terms, heldForms(`${chunk.context}\n${chunk.content}`)) === 1);
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
