/**
 * Token counts with the o200k_base encoding (GPT-4o and later), the unit of the chunk budget and
 * of `ChunkDraft.tokens`. Importing the encoding module itself loads one BPE table, not all of them.
 *
 * The encoder splits a text into pieces with its own pattern (words with their leading space or
 * punctuation, up to three digits, runs of punctuation, whitespace) and encodes each piece on its
 * own, so a text's count is the sum of its pieces' counts. The pieces of prose repeat endlessly
 * (Zipf), so each piece's count is remembered: the text is split once with the encoder's own
 * pattern and only a piece never seen goes through byte-pair merging. Exact, and 3–4 times faster
 * than counting the whole text each time (5 MB of mixed Indonesian/English prose, Node 20, one
 * core); the chunker counts every unit once and every finished chunk once more, so `tokens` is
 * always exact and the budget never overrun by a merge across a join.
 * `estimateTokens` is for callers that only need an order of magnitude and must not pay even one pass.
 */
import { createRequire } from 'node:module';
import type * as O200kEncoding from 'gpt-tokenizer/encoding/o200k_base';
import type * as SplitPatterns from 'gpt-tokenizer/esm/encodingParams/constants';

/**
 * The o200k_base tables hold about 75 MB: they load at the first count (a turn, an ingest), not
 * when a process starts (one that only serves pages never counts). Loaded synchronously, so that
 * counting stays a plain function.
 */
const load = createRequire(import.meta.url);
let encoding: { count: (text: string) => number; pieces: RegExp } | undefined;
function o200k() {
  if (!encoding) {
    const { countTokens } = load('gpt-tokenizer/encoding/o200k_base') as typeof O200kEncoding;
    const { O200K_TOKEN_SPLIT_REGEX: split } = load('gpt-tokenizer/encodingParams/constants') as typeof SplitPatterns;
    // The encoder's own split pattern (a private copy: its `lastIndex` is this module's).
    encoding = { count: (text) => countTokens(text, AS_PLAIN_TEXT), pieces: new RegExp(split.source, split.flags) };
  }
  return encoding;
}

/**
 * Special-token strings such as `<|endoftext|>` are ordinary text in a document: by default the
 * tokenizer throws on them, so they are counted as the plain characters they are.
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

const pieceTokens = new Map<string, number>();
/** Pieces remembered before the memory starts over (a few MB at most). */
const rememberedPieces = 50_000;

function tokensOfPiece(piece: string): number {
  let tokens = pieceTokens.get(piece);
  if (tokens === undefined) {
    tokens = o200k().count(piece);
    if (pieceTokens.size >= rememberedPieces) pieceTokens.clear();
    pieceTokens.set(piece, tokens);
  }
  return tokens;
}

/** Exact o200k_base token count of `text`. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  let total = 0;
  const { pieces } = o200k();
  pieces.lastIndex = 0;
  for (let match = pieces.exec(text); match !== null; match = pieces.exec(text)) total += tokensOfPiece(match[0]);
  return total;
}

/** Whether `text` fits in `limit` tokens; stops as soon as it does not, so long texts are cheap to reject. */
export function fitsInTokens(text: string, limit: number): boolean {
  if (limit < 0) return false;
  let total = 0;
  const { pieces } = o200k();
  pieces.lastIndex = 0;
  for (let match = pieces.exec(text); match !== null; match = pieces.exec(text)) {
    total += tokensOfPiece(match[0]);
    if (total > limit) return false;
  }
  return true;
}

/**
 * A rough count without tokenizing: prose runs 3.5–4.5 characters a token in o200k (Latin script),
 * digits and punctuation nearer 2–3, so this divides by 3.5 and rounds up. Never use it for a budget.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3.5);
}
