/**
 * What turns texts into vectors for the knowledge base. A knowledge base stores the
 * (provider, model, dimensions) it was embedded with: vectors from another embedder are not
 * comparable, so changing it means embedding every chunk again.
 */
export interface Embedder {
  /** Who computes the vectors: 'kawan' for the built-in one, 'openai-compatible' for a server. */
  readonly provider: string;
  readonly model: string;
  /** The length of every vector `embed` returns. */
  readonly dimensions: number;
  /** Shown in the UI, says what the embedder can and cannot do, e.g. "Lexical (offline, 384 dimensions): matches words, not meaning". */
  readonly label: string;
  /** One vector per text, in the order given. Rejects with the signal's reason when aborted. */
  embed(texts: string[], options?: EmbedOptions): Promise<number[][]>;
}

export interface EmbedOptions {
  signal?: AbortSignal;
}

/** Whether the embedder computes its vectors in this process (the built-in one): no network, no cost. */
export function runsInProcess(embedder: Embedder): boolean {
  return embedder.provider === 'kawan';
}

/** An embedder's vector length, or undefined while a remote one has not answered yet. */
export function knownDimensions(embedder: Embedder): number | undefined {
  try {
    return embedder.dimensions;
  } catch {
    return undefined;
  }
}

/** Cosine similarity of two vectors of the same length; 0 when either is all zeros. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`vectors differ in length: ${a.length} and ${b.length}`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
