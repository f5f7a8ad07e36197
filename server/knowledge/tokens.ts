/**
 * Token counts with the o200k_base encoding (GPT-4o and later), the unit of the chunk budget and
 * of `ChunkDraft.tokens`. Importing the encoding module itself loads one BPE table, not all of them.
 *
 * Speed (Node 20, one shared core, 5 MB of mixed Indonesian/English prose): 11–19 MB/s, about
 * 3–5 million tokens a second, thanks to gpt-tokenizer's merge cache. The chunker therefore counts
 * exactly, twice: every unit once (paragraph; sentence or table row when splitting) to pack, and
 * every finished chunk once more, so `tokens` is always exact and the budget is never overrun by
 * a merge across a join. That is about two passes, 5–8 MB/s for the whole chunker, comfortably
 * above the 2 MB/s ingest target. Should ingest ever need more, the lever is the second pass:
 * take the sum of the parts (within a token per join) unless it is within a few tokens of the budget.
 * `estimateTokens` is for callers that only need an order of magnitude and must not pay even one pass.
 */
import { countTokens as countO200k, isWithinTokenLimit } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Special-token strings such as `<|endoftext|>` are ordinary text in a document: by default the
 * tokenizer throws on them, so they are counted as the plain characters they are.
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Exact o200k_base token count of `text`. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  return countO200k(text, AS_PLAIN_TEXT);
}

/** Whether `text` fits in `limit` tokens; stops encoding as soon as it does not, so long texts are cheap to reject. */
export function fitsInTokens(text: string, limit: number): boolean {
  if (text === '') return limit >= 0;
  return isWithinTokenLimit(text, limit, AS_PLAIN_TEXT) !== false;
}

/**
 * A rough count without tokenizing: prose runs 3.5–4.5 characters a token in o200k (Latin script),
 * digits and punctuation nearer 2–3, so this divides by 3.5 and rounds up. Never use it for a budget.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3.5);
}
