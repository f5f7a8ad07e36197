/**
 * Token counts with the o200k_base encoding (GPT-4o and later), the unit of the chunk budget and
 * of `ChunkDraft.tokens`. Importing the encoding module itself loads one BPE table, not all of them.
 *
 * The encoder splits a text into pieces with its own pattern (words with their leading space or
 * punctuation, up to three digits, runs of punctuation, whitespace) and encodes each piece on its
 * own, so a text's count is the sum of its pieces' counts. A space after anything but whitespace
 * always starts a piece, so the count is also the sum of the counts of the text's words cut there
 * (" kopi,", " harga"), and words repeat endlessly in prose (Zipf): each word's count is
 * remembered, and only a word never seen is split with the encoder's own pattern, its pieces
 * remembered too, a piece never seen going through byte-pair merging. Exact; on 3.2 MB of mixed
 * Indonesian/English markdown (bench/retrieval's ingest text, Node 20, one core) counting by words
 * took chunking from about 2.5 MB/s to 5–8 MB/s (warm, over several runs) against counting by
 * pieces, itself 3–4 times faster than encoding each text whole. The chunker counts every unit
 * once and every finished chunk once more, so `tokens` is always exact and the budget never overrun
 * by a merge across a join. `estimateTokens` is for callers that only need an order of magnitude
 * and must not pay even one pass.
 */
import { createRequire } from 'node:module';
import type * as O200kEncoding from 'gpt-tokenizer/encoding/o200k_base';
import type * as SplitPatterns from 'gpt-tokenizer/esm/encodingParams/constants';
import { unsliced } from './text';

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
    pieceTokens.set(unsliced(piece), tokens);
  }
  return tokens;
}

/**
 * Whether a character is whitespace as the split pattern's `\s` takes it (ECMAScript's
 * WhiteSpace and LineTerminator).
 */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Where the next word of `text` after `from` begins: the next space that follows a character other
 * than whitespace, or the text's length. The split pattern always starts a piece at such a space
 * and matches what follows it as if the text began there (no piece holds a space after anything
 * but whitespace, and the pattern never looks back), so a text's count is the sum of its words'
 * counts, each word with its leading space.
 */
function nextWord(text: string, from: number): number {
  let space = text.indexOf(' ', from + 1);
  while (space !== -1 && isWhitespace(text.charCodeAt(space - 1))) space = text.indexOf(' ', space + 1);
  return space === -1 ? text.length : space;
}

const wordTokens = new Map<string, number>();
/** Words remembered whole; a longer "word" (a URL, a table row without spaces) is counted by its pieces. */
const longestRememberedWord = 48;

function tokensOfWord(word: string): number {
  let tokens = wordTokens.get(word);
  if (tokens === undefined) {
    tokens = tokensOfPieces(word);
    if (word.length > longestRememberedWord) return tokens;
    if (wordTokens.size >= rememberedPieces) wordTokens.clear();
    wordTokens.set(unsliced(word), tokens);
  }
  return tokens;
}

function tokensOfPieces(text: string): number {
  let total = 0;
  const { pieces } = o200k();
  pieces.lastIndex = 0;
  for (let match = pieces.exec(text); match !== null; match = pieces.exec(text)) total += tokensOfPiece(match[0]);
  return total;
}

/**
 * Exact o200k_base token count of `text`, word by word (`nextWord`): a word seen before costs one
 * lookup, a new one is split into the encoder's pieces.
 */
export function countTokens(text: string): number {
  let total = 0;
  for (let start = 0; start < text.length;) {
    const end = nextWord(text, start);
    total += tokensOfWord(start === 0 && end === text.length ? text : text.slice(start, end));
    start = end;
  }
  return total;
}

/** Whether `text` fits in `limit` tokens; stops as soon as it does not, so long texts are cheap to reject. */
export function fitsInTokens(text: string, limit: number): boolean {
  if (limit < 0) return false;
  let total = 0;
  for (let start = 0; start < text.length;) {
    const end = nextWord(text, start);
    total += tokensOfWord(text.slice(start, end));
    if (total > limit) return false;
    start = end;
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
