/**
 * The offline embedder: hashed word and character n-grams, so a knowledge base works with no
 * model server at all. It finds texts that share words, roots, spellings and common Indonesian
 * chat abbreviations ("gimana" → "bagaimana", "ongkir" → "ongkos kirim"); it does not know
 * that "harga" and "biaya" mean nearly the same, nor match an English question to an Indonesian
 * answer. The label says so.
 *
 * Features of a text, after lowercasing, stripping diacritics (NFKD) and splitting on anything
 * that is not a letter or digit ("Rp 25.000" keeps "25000" whole):
 *   - each word (function words and numbers weigh less and get no character n-grams);
 *   - a light Indonesian stem (-lah/-kah/-nya/-kan/-an/-i, me-/ber-/di-/ter-/pe-…) and a light
 *     English one (-s/-es/-ed/-ing), each only when it differs from the word;
 *   - the standard form of a chat abbreviation, as extra words;
 *   - each pair of neighbouring words (standard forms);
 *   - character 3-, 4- and 5-grams of each word with boundary markers (`<kopi>`), which carry typos
 *     ("bukak" ~ "buka") and spelling variants ("cafe" ~ "kafe").
 * Each feature is hashed (FNV-1a 32 bit, then murmur3's finaliser) into one of 384 dimensions with
 * a sign from another bit of the hash (so collisions cancel out on average instead of piling up),
 * weighted by its kind and by 1 + ln(tf), and the vector is L2-normalised (all zeros for a text
 * with no words). Words, stems and standard forms share one hash space, so "harganya" (stem
 * "harga") and "gimana" (standard "bagaimana") meet the plain words in other texts.
 *
 * Speed (Node 20, one core): about 0.1 ms for a chunk of 750 characters with its heading path
 * (3.5 million characters a second on 2026-12-02's machine, bench/retrieval's ingest text; a fifth
 * less time since words are split in one pass), helped by a per-word feature cache.
 *
 * Changing anything here changes the vectors: bump `model` ('lexical-v2') so that stored
 * knowledge bases are re-embedded.
 */
import type { EmbedOptions, Embedder } from './embedder';
import { unsliced } from '../text';

const DIMENSIONS = 384;

/** Feature kinds, each with its own weight; bigrams and character n-grams also have their own hash seed. */
const Kind = {
  Word: 0,
  FunctionWord: 1,
  Number: 2,
  Informal: 3,
  Standard: 4,
  Stem: 5,
  Bigram: 6,
  CharGram: 7,
} as const;
const KIND_COUNT = 8;
/**
 * Relative weights, tuned on the ranking cases in tests/unit/knowledge/embedders.test.ts. A word
 * of five letters has 12 character n-grams, so at 0.2 they weigh together about as much as the word.
 */
const WEIGHTS: readonly number[] = [1, 0.3, 0.5, 0.5, 1, 0.7, 0.6, 0.2];

/** Words too common to say what a text is about (Indonesian and English). Question words stay out: they matter in FAQs. */
const FUNCTION_WORDS = new Set(
  (
    'yang di ke dari dan atau ini itu untuk dengan pada dalam adalah ialah juga akan ada sudah telah ' +
    'saya aku kami kita kamu anda dia mereka nya lah kah pun si sang para oleh bagi agar supaya karena ' +
    'jika kalau maka tapi tetapi namun serta sebagai seperti bisa dapat harus boleh sangat lebih ' +
    'the a an of to in on at for from by with as and or but is are was were be been being it its ' +
    'this that these those i you we they he she my your our their me us do does did can could will ' +
    'would should have has had not no so if than then there here'
  ).split(' '),
);

/** Whether a (lowercase) word is too common to say what a text is about, in Indonesian or English. */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word);
}

/**
 * Chat abbreviations and informal spellings → their standard words, added as extra features (the
 * word itself stays). Keep it small and certain: a wrong entry pulls unrelated texts together.
 */
const STANDARD_FORMS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    gimana: 'bagaimana',
    gmn: 'bagaimana',
    gmana: 'bagaimana',
    bgmn: 'bagaimana',
    gak: 'tidak',
    ga: 'tidak',
    gk: 'tidak',
    nggak: 'tidak',
    ngga: 'tidak',
    enggak: 'tidak',
    engga: 'tidak',
    ndak: 'tidak',
    tdk: 'tidak',
    udah: 'sudah',
    udh: 'sudah',
    sdh: 'sudah',
    blm: 'belum',
    brp: 'berapa',
    yg: 'yang',
    jg: 'juga',
    bgt: 'sangat',
    banget: 'sangat',
    sy: 'saya',
    gue: 'saya',
    gw: 'saya',
    aku: 'saya',
    mau: 'ingin',
    pengen: 'ingin',
    pingin: 'ingin',
    dll: 'dan lain lain',
    tp: 'tetapi',
    tapi: 'tetapi',
    krn: 'karena',
    karna: 'karena',
    utk: 'untuk',
    dgn: 'dengan',
    sm: 'sama',
    bs: 'bisa',
    aja: 'saja',
    kalo: 'kalau',
    klo: 'kalau',
    tau: 'tahu',
    emang: 'memang',
    pake: 'pakai',
    bener: 'benar',
    nanya: 'tanya',
    pesen: 'pesan',
    nyampe: 'sampai',
    ongkir: 'ongkos kirim',
    cafe: 'kafe',
    makasih: 'terima kasih',
    makasi: 'terima kasih',
    thx: 'thanks',
    wa: 'whatsapp',
    dimana: 'di mana',
    kemana: 'ke mana',
  }).map(([word, standard]) => [word, standard.split(' ')]),
);

/** The standard words a chat abbreviation or informal spelling stands for ("brp" → ["berapa"]), if it is one. */
export function standardForms(word: string): readonly string[] | undefined {
  return STANDARD_FORMS.get(word);
}

/** Longest word that gets character n-grams (a URL or a code is one long "word" of noise). */
const MAX_GRAM_WORD = 32;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Each kind starts from its own basis, so "kopi" the word and "kopi" the stem are different features. */
const SEEDS = Array.from({ length: KIND_COUNT }, (_, kind) => Math.imul(FNV_OFFSET ^ (kind + 1), FNV_PRIME) >>> 0);

function feed(hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash;
}

/**
 * The text's words: lowercase, diacritics stripped, digit groups joined ("25.000" → "25000"). A
 * word is a run of letters and digits (Unicode's L and N); a `.` or `,` between two ASCII digits
 * joins the digits around it.
 *
 * One pass over the text, where splitting with `[^\p{L}\p{N}]+` after a replace for the digit
 * groups built the text twice and an array to filter (a quarter of the embedder's time). The unit
 * test holds it to that definition, written as those regular expressions, on documents and on
 * random text.
 */
export function lexicalWords(text: string): string[] {
  let folded = text.toLowerCase();
  // NFKD + dropping combining marks turns "café" into "cafe" and full-width forms into ASCII. An
  // ASCII character decomposes to itself and is never reordered with a mark, so the text can be cut
  // there: only its runs of other characters are normalised (every chunk's heading path has a "›").
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(folded)) folded = folded.replace(/[^\x00-\x7f]+/g, foldRun);
  const words: string[] = [];
  let start = -1;
  /** A word's part before the separators it joined so far (rare: numbers with digit groups). */
  let joined = '';
  for (let at = 0; at < folded.length;) {
    const code = folded.charCodeAt(at);
    let width = 1;
    let inWord: boolean;
    if (code < 0x80) inWord = ASCII_WORD[code] === 1;
    else if (code >= 0xd800 && code <= 0xdbff && at + 1 < folded.length) {
      const low = folded.charCodeAt(at + 1);
      if (low >= 0xdc00 && low <= 0xdfff) width = 2;
      inWord = isWordCodePoint(width === 2 ? folded.codePointAt(at)! : code);
    } else inWord = isWordCodePoint(code);
    if (inWord) {
      if (start < 0) start = at;
    } else if (
      (code === 0x2e || code === 0x2c) &&
      isAsciiDigit(folded.charCodeAt(at - 1)) &&
      isAsciiDigit(folded.charCodeAt(at + 1))
    ) {
      // Between two digits, so inside a word that goes on after it.
      joined += folded.slice(start, at);
      start = at + 1;
    } else if (start >= 0) {
      words.push(joined === '' ? folded.slice(start, at) : joined + folded.slice(start, at));
      joined = '';
      start = -1;
    }
    at += width;
  }
  if (start >= 0) words.push(joined === '' ? folded.slice(start) : joined + folded.slice(start));
  return words;
}

function foldRun(run: string): string {
  const decomposed = run.normalize('NFKD');
  return decomposed === run && !MARK.test(run) ? run : decomposed.replace(MARKS, '');
}
const MARK = /\p{M}/u;
const MARKS = /\p{M}+/gu;

/** 1 for ASCII letters and digits. */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) ASCII_WORD[code] = /[\p{L}\p{N}]/u.test(String.fromCharCode(code)) ? 1 : 0;

function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
/** Letters and digits beyond ASCII, remembered per code point (bounded: texts use few of them). */
const wordCodePoints = new Map<number, boolean>();

function isWordCodePoint(codePoint: number): boolean {
  let known = wordCodePoints.get(codePoint);
  if (known === undefined) {
    // A lone surrogate is no letter (String.fromCodePoint keeps it lone, and the pattern does not match it).
    known = WORD_CHARACTER.test(String.fromCodePoint(codePoint));
    if (wordCodePoints.size >= 10_000) wordCodePoints.clear();
    wordCodePoints.set(codePoint, known);
  }
  return known;
}

const VOWEL = /^[aiueo]/;

/**
 * A light Indonesian stem: particles, possessives and derivational suffixes, then up to two
 * prefixes, with the nasal changes of me-/pe- (menulis → tulis, memakai → pakai, menyapu → sapu).
 * Not a real stemmer (no dictionary): it only has to agree with itself on both sides of a search.
 */
export function indonesianStem(word: string): string {
  if (word.length < 5 || /\d/.test(word)) return word;
  let stem = word;
  const strip = (suffixes: readonly string[]): void => {
    for (const suffix of suffixes) {
      if (stem.endsWith(suffix) && stem.length - suffix.length >= 4) {
        stem = stem.slice(0, -suffix.length);
        return;
      }
    }
  };
  strip(['lah', 'kah', 'tah', 'pun']);
  strip(['nya', 'ku', 'mu']);
  // -i after a vowel is usually the root's own diphthong (pakai, sampai, selesai), not a suffix.
  if (/[aiueo]i$/.test(stem)) strip(['kan', 'an']);
  else strip(['kan', 'an', 'i']);
  for (let round = 0; round < 2; round++) {
    const before = stem;
    stem = stripPrefix(stem);
    if (stem === before) break;
  }
  return stem;
}

function stripPrefix(word: string): string {
  const rest = (prefix: string): string => word.slice(prefix.length);
  const ok = (candidate: string): string => (candidate.length >= 3 ? candidate : word);
  if (word.startsWith('meng') || word.startsWith('peng')) return ok(rest('meng'));
  if (word.startsWith('meny') || word.startsWith('peny')) return ok('s' + rest('meny'));
  if (word.startsWith('mem') || word.startsWith('pem')) {
    const tail = rest('mem');
    return ok(VOWEL.test(tail) ? 'p' + tail : tail);
  }
  if (word.startsWith('men') || word.startsWith('pen')) {
    const tail = rest('men');
    return ok(VOWEL.test(tail) ? 't' + tail : tail);
  }
  if (/^(me|pe)[lmnrwy]/.test(word)) return ok(rest('me'));
  for (const prefix of ['ber', 'per', 'ter', 'di', 'ke', 'se']) {
    if (word.startsWith(prefix)) return ok(rest(prefix));
  }
  return word;
}

/** A light English stem: -ing, -ed, -es, -s (not -ss, -is, -us, which are mostly stems themselves). */
export function englishStem(word: string): string {
  if (word.length < 4 || /\d/.test(word)) return word;
  if (word.length >= 6 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length >= 5 && word.endsWith('ied')) return word.slice(0, -3) + 'y';
  if (word.length >= 5 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length >= 5 && /(?:ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|is|us)$/.test(word)) return word.slice(0, -1);
  return word;
}

const INITIAL_CAPACITY = 1024;
const MAX_KEPT_CAPACITY = 1 << 16;

/**
 * Term frequencies of one text's features, keyed by (kind, mixed hash): an open-addressing table in typed
 * arrays, reused from text to text (Maps made the embedder about three times slower). Not shared state in any
 * meaningful sense: `lexicalVector` fills and drains it synchronously.
 */
class FeatureCounts {
  private hashes = new Int32Array(INITIAL_CAPACITY);
  private kinds = new Uint8Array(INITIAL_CAPACITY);
  private counts = new Uint32Array(INITIAL_CAPACITY);
  /** Occupied slots, in insertion order: iteration and reset touch only these. Holds capacity / 2 (the load limit). */
  private slots = new Int32Array(INITIAL_CAPACITY / 2);
  private size = 0;

  add(kind: number, hash: number, times: number): void {
    const slot = this.insert(kind, hash);
    const before = this.counts[slot];
    this.counts[slot] = before + times;
    if (before === 0 && this.size * 2 >= this.hashes.length) this.grow();
  }

  /** The slot of (kind, hash), claimed (count 0) when new. */
  private insert(kind: number, hash: number): number {
    const mask = this.hashes.length - 1;
    let slot = (hash ^ Math.imul(kind, 0x9e3779b1)) & mask;
    while (this.counts[slot] !== 0) {
      if (this.hashes[slot] === hash && this.kinds[slot] === kind) return slot;
      slot = (slot + 1) & mask;
    }
    this.hashes[slot] = hash;
    this.kinds[slot] = kind;
    this.slots[this.size++] = slot;
    return slot;
  }

  /** Adds every feature to `vector` (signed, weighted, 1 + ln tf) and empties the table. */
  drainInto(vector: Float64Array): void {
    for (let i = 0; i < this.size; i++) {
      const slot = this.slots[i];
      const weight = WEIGHTS[this.kinds[slot]];
      const mixed = this.hashes[slot] >>> 0;
      // The low bit picks the sign, the other 31 the bucket.
      const count = this.counts[slot];
      // 1 + ln(1) is exactly 1: most features occur once, and skip the logarithm.
      vector[(mixed >>> 1) % DIMENSIONS] += (mixed & 1 ? weight : -weight) * (count === 1 ? 1 : 1 + Math.log(count));
      this.counts[slot] = 0;
    }
    this.size = 0;
    // A very long text grew the table; do not keep megabytes for the short texts that follow.
    if (this.hashes.length > MAX_KEPT_CAPACITY) this.allocate(INITIAL_CAPACITY);
  }

  private allocate(capacity: number): void {
    this.hashes = new Int32Array(capacity);
    this.kinds = new Uint8Array(capacity);
    this.counts = new Uint32Array(capacity);
    this.slots = new Int32Array(capacity / 2);
  }

  private grow(): void {
    const { hashes, kinds, counts, slots, size } = this;
    this.allocate(hashes.length * 2);
    this.size = 0;
    for (let i = 0; i < size; i++) {
      const slot = slots[i];
      const moved = this.insert(kinds[slot], hashes[slot]);
      this.counts[moved] = counts[slot];
    }
  }
}

/**
 * The features one word contributes on its own (everything but bigrams), as kind/hash pairs, plus
 * the words it stands for in bigrams with what their hashes need. Words repeat a lot, so they are
 * cached (not the over-long ones, which are rare and would hold memory).
 */
interface WordFeatures {
  /** Kind and mixed hash (`mix`, done once here rather than per text) of each feature. */
  pairs: Int32Array;
  /** The word, or the standard words an abbreviation stands for, as bigrams pair them. */
  sequence: readonly BigramWord[];
  /** `collectFeatures`'s scratch: the text it last counted this word in, and how often it occurs there. */
  seenIn: number;
  times: number;
}
interface BigramWord {
  word: string;
  function: boolean;
  /** The bigram hash's state after this word as the first of a pair and the space between. */
  left: number;
}
const WORD_CACHE_LIMIT = 20_000;
const wordCache = new Map<string, WordFeatures>();

function bigramWord(word: string): BigramWord {
  return {
    word,
    function: FUNCTION_WORDS.has(word),
    left: Math.imul(feed(SEEDS[Kind.Bigram], word) ^ 0x20, FNV_PRIME),
  };
}

function wordFeatures(word: string): WordFeatures {
  const cached = wordCache.get(word);
  if (cached) return cached;

  const pairs: number[] = [];
  const standard = STANDARD_FORMS.get(word);
  const isFunctionWord = FUNCTION_WORDS.has(word);
  const isNumber = /^\d+$/.test(word);
  pairs.push(
    isFunctionWord ? Kind.FunctionWord : isNumber ? Kind.Number : standard ? Kind.Informal : Kind.Word,
    wordHash(word),
  );
  for (const form of standard ?? [])
    pairs.push(FUNCTION_WORDS.has(form) ? Kind.FunctionWord : Kind.Standard, wordHash(form));
  if (!isFunctionWord && !isNumber) {
    // Stems hash like words, so "harganya" → "harga" meets the word "harga".
    const idStem = indonesianStem(word);
    if (idStem !== word) pairs.push(Kind.Stem, wordHash(idStem));
    const enStem = englishStem(word);
    if (enStem !== word && enStem !== idStem) pairs.push(Kind.Stem, wordHash(enStem));
    addCharGrams(word, pairs);
  }

  const own = unsliced(word);
  const features: WordFeatures = {
    pairs: Int32Array.from(pairs, (value, index) => (index % 2 === 1 ? mix(value) | 0 : value)),
    sequence: (standard ?? [own]).map(bigramWord),
    seenIn: 0,
    times: 0,
  };
  if (word.length <= MAX_GRAM_WORD) {
    if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
    wordCache.set(own, features);
  }
  return features;
}

function wordHash(word: string): number {
  return feed(SEEDS[Kind.Word], word) | 0;
}

const counts = new FeatureCounts();

/** The text's words in bigram order, reused from text to text (filled and emptied synchronously). */
const sequence: BigramWord[] = [];

/** The text's distinct words in order of first appearance, reused like `sequence`. */
const distinct: WordFeatures[] = [];
/** Marks which text a word was last seen in (`WordFeatures.seenIn`). */
let textNumber = 0;

function collectFeatures(text: string): void {
  sequence.length = 0;
  distinct.length = 0;
  const current = ++textNumber;
  for (const word of lexicalWords(text)) {
    const features = wordFeatures(word);
    if (features.seenIn !== current) {
      features.seenIn = current;
      features.times = 1;
      distinct.push(features);
    } else features.times++;
    for (const form of features.sequence) sequence.push(form);
  }
  // A word's features are added once with how often it occurs (a chunk's words repeat). In order of
  // first appearance, a feature is first added by the same word as one word at a time would: the
  // table drains in the same order, so the sums and the vector are the same to the last bit.
  for (const features of distinct) {
    const { pairs, times } = features;
    for (let i = 0; i < pairs.length; i += 2) counts.add(pairs[i], pairs[i + 1], times);
  }
  // Each pair of neighbouring words, unless both are function words (after the words' own features:
  // the order of addition is the order of the floating-point sums).
  for (let i = 1; i < sequence.length; i++) {
    const first = sequence[i - 1];
    const second = sequence[i];
    if (!(first.function && second.function)) counts.add(Kind.Bigram, mix(feed(first.left, second.word)) | 0, 1);
  }
}

/** Hashes of the 3-, 4- and 5-grams of `<word>`, without building the substrings, as kind/hash pairs onto `pairs`. */
function addCharGrams(word: string, pairs: number[]): void {
  const length = Math.min(word.length, MAX_GRAM_WORD) + 2;
  const code = (i: number): number => (i === 0 ? 0x3c : i === length - 1 ? 0x3e : word.charCodeAt(i - 1));
  for (let start = 0; start + 3 <= length; start++) {
    let hash = SEEDS[Kind.CharGram];
    for (let end = start; end < start + 5 && end < length; end++) {
      hash = Math.imul(hash ^ code(end), FNV_PRIME);
      if (end - start >= 2) pairs.push(Kind.CharGram, hash | 0);
    }
  }
}

/** murmur3's finaliser: spreads every input bit over the output, so bucket and sign are independent. */
function mix(hash: number): number {
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The lexical vector of one text (384 numbers, L2 norm 1, or all zeros when the text has no words). */
export function lexicalVector(text: string): number[] {
  const vector = new Float64Array(DIMENSIONS);
  collectFeatures(text);
  counts.drainInto(vector);
  let norm = 0;
  for (let i = 0; i < DIMENSIONS; i++) norm += vector[i] * vector[i];
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const normalised = new Array<number>(DIMENSIONS);
  for (let i = 0; i < DIMENSIONS; i++) normalised[i] = vector[i] * scale;
  return normalised;
}

/** Texts between two yields to the event loop: a big batch must not stall other requests for long. */
const YIELD_EVERY = 64;

export class LexicalEmbedder implements Embedder {
  readonly provider = 'kawan';
  readonly model = 'lexical-v1';
  readonly dimensions = DIMENSIONS;
  readonly label = `Lexical (offline, ${DIMENSIONS} dimensions): matches words, not meaning`;

  async embed(texts: string[], options: EmbedOptions = {}): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i++) {
      if (i % YIELD_EVERY === 0) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        options.signal?.throwIfAborted();
      }
      vectors.push(lexicalVector(texts[i]));
    }
    return vectors;
  }
}
