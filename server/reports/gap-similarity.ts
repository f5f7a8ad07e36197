/**
 * When two unanswered questions are the same knowledge gap: the embedder and the words decide
 * together (docs/decisions/017-knowledge-gaps.md).
 *
 *   - similarity: the cosine of the question's vector and the gap's centroid (the mean of its
 *     questions' vectors), from the team-independent default embedder;
 *   - overlap: a fuzzy Jaccard of the question's content words and those of the gap's closest
 *     example question: words folded to their standard form ("brp" → "berapa"), stemmed, without
 *     function words and chat politeness ("ya", "kak", "dong"), a typo of one letter forgiven in
 *     words of four letters or more ("bukak" ~ "buka").
 *
 * A question joins the best gap whose similarity clears `strong` on its own, or `similar` with an
 * overlap of at least `overlap`, or whose words it nearly all shares (`words`); otherwise it starts
 * a gap. The embedder alone would pull together
 * "berapa harga kopi susu?" and "berapa harga croissant?" (same frame, another item); the words
 * alone would miss "jm brapa bukak?" against "buka jam berapa ya kak". Thresholds are tuned on
 * tests/unit/reports/gap-similarity.test.ts (the offline lexical embedder).
 */
import { cosineSimilarity } from '../knowledge/embedders/embedder';
import { englishStem, indonesianStem, lexicalWords, standardForms } from '../knowledge/embedders/lexical';

export interface GapThresholds {
  /** A similarity that joins on its own (near-identical wording). */
  strong: number;
  /** A similarity that joins when the words overlap enough too. */
  similar: number;
  /** The word overlap that goes with `similar`. */
  overlap: number;
  /**
   * A word overlap that joins with a similarity of at least `floor` (for the lexical embedder 0: it
   * only must not disagree), for typos the embedder misses ("jm brapa bukak" against "jam brp buka").
   */
  words: number;
  floor: number;
}

/**
 * For the offline lexical embedder, from the middle of the range that kept every pair of different
 * questions apart in tests/unit/reports/gap-similarity.test.ts (an overlap of 0.34 already does;
 * "jam berapa buka" and "jam berapa tutup" overlap by a third).
 */
export const gapThresholds: GapThresholds = { strong: 0.8, similar: 0.2, overlap: 0.4, words: 0.75, floor: 0 };

/**
 * For a model server's embedder, whose cosines run higher (unrelated sentences often score 0.3 to
 * 0.5, "what time do you open" and "what time do you close" about 0.85): not tuned here, since no
 * model runs offline, and kept strict so that a wrong merge (which hides a gap) stays rarer than a
 * split (which shows it twice).
 */
export const semanticGapThresholds: GapThresholds = {
  strong: 0.92,
  similar: 0.7,
  overlap: 0.4,
  words: 0.75,
  floor: 0.5,
};

/** The thresholds for vectors of an embedder. */
export function thresholdsFor(embedder: { provider: string }): GapThresholds {
  return embedder.provider === 'kawan' ? gapThresholds : semanticGapThresholds;
}

const words = (list: string) => new Set(list.trim().split(/\s+/));

/**
 * Words that say nothing about what is asked: function words, question words and the "ga?" that
 * ends a yes/no question (every question has them: "berapa harga kopi?" and "berapa harga roti?"
 * share "berapa" and nothing that matters), chat politeness and greetings.
 */
const STOP = words(`
  yang di ke dari dan atau ini itu untuk buat dengan pada dalam adalah ialah juga akan sudah telah
  saya aku kami kita kamu anda dia mereka nya lah kah pun si para oleh bagi agar supaya karena
  jika kalau maka tetapi namun serta sebagai seperti sangat lebih sama
  apa apakah berapa kapan mana dimana bagaimana kenapa mengapa siapa ada tidak bisa boleh
  ya yah yaa dong donk deh sih kak ka kakak min mimin gan sis bro bos nih tuh loh lho kok ok oke okay
  halo hallo hai hi hello pagi siang sore malam permisi ingin tolong please pls plz
  terima kasih thanks thank you thx
  the a an of to in on at for from by with as and or but is are was were be been being it its
  this that these those i you we they he she my your our their me us do does did will would
  should have has had so if than then there here just what when where how why who which can could any
`);

/** Chat spellings the embedder's list of standard forms does not have, for the word comparison only. */
const SPELLINGS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    jm: 'jam',
    brapa: 'berapa',
    brpa: 'berapa',
    brapakah: 'berapa',
    kpn: 'kapan',
    knp: 'kenapa',
    dmn: 'dimana',
    bsa: 'bisa',
    bisakah: 'bisa',
    adakah: 'ada',
    gaada: 'tidak',
  }),
);

/** The content words of a question, normalised, each once ("Jam brp bukanya kak?" → jam, berapa, buka). */
export function gapWords(text: string): string[] {
  const found = new Set<string>();
  for (const word of lexicalWords(text)) {
    const spelled = SPELLINGS.get(word) ?? word;
    for (const form of standardForms(spelled) ?? [spelled]) {
      const stemmed = stem(form);
      if (STOP.has(form) || STOP.has(stemmed)) continue;
      found.add(stemmed);
    }
  }
  return [...found];
}

function stem(word: string): string {
  if (/^\d+$/.test(word)) return word;
  const indonesian = indonesianStem(word);
  return indonesian !== word ? indonesian : englishStem(word);
}

/** Whether two normalised words are the same word, allowing one typo in words of four letters or more. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 4 || Math.abs(a.length - b.length) > 1) return false;
  return withinOneEdit(a, b);
}

function withinOneEdit(a: string, b: string): boolean {
  if (a.length > b.length) [a, b] = [b, a];
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // One substitution, or two neighbouring letters swapped ("bukaa", "jma").
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.slice(i) === b.slice(i + 1);
}

/** A fuzzy Jaccard of two word lists: words matched one to one (typos forgiven) over the union. */
export function wordOverlap(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const unused = [...b];
  let matched = 0;
  for (const word of a) {
    const at = unused.findIndex((other) => sameWord(word, other));
    if (at < 0) continue;
    unused.splice(at, 1);
    matched += 1;
  }
  return matched / (a.length + b.length - matched);
}

/** Whether a message is a question worth collecting: some content word beyond greetings and thanks. */
export function worthCollecting(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= 3 && gapWords(trimmed).length > 0;
}

export interface GapCandidate {
  id: number;
  centroid: number[];
  /** The content words of some of its questions (the newest ones). */
  examples: string[][];
}

export interface GapMatch {
  id: number;
  similarity: number;
  overlap: number;
}

/** How a question compares with a gap. */
export function compare(vector: number[], words: string[], gap: GapCandidate): GapMatch {
  const similarity = gap.centroid.length === vector.length ? cosineSimilarity(vector, gap.centroid) : 0;
  const overlap = gap.examples.reduce((best, example) => Math.max(best, wordOverlap(words, example)), 0);
  return { id: gap.id, similarity, overlap };
}

export function joins(match: Pick<GapMatch, 'similarity' | 'overlap'>, thresholds = gapThresholds): boolean {
  return (
    match.similarity >= thresholds.strong ||
    (match.similarity >= thresholds.similar && match.overlap >= thresholds.overlap) ||
    (match.similarity >= thresholds.floor && match.overlap >= thresholds.words)
  );
}

/** The gap a question joins (the most similar of those it may join), or null for a new gap. */
export function bestGap(
  vector: number[],
  words: string[],
  gaps: GapCandidate[],
  thresholds = gapThresholds,
): GapMatch | null {
  let best: GapMatch | null = null;
  for (const gap of gaps) {
    const match = compare(vector, words, gap);
    if (!joins(match, thresholds)) continue;
    if (!best || match.similarity + match.overlap > best.similarity + best.overlap) best = match;
  }
  return best;
}

/**
 * The centroid after one more vector: the mean of the gap's unit vectors, kept as a mean rather than
 * normalised so that it updates exactly (the cosine does not care about its length).
 */
export function addToCentroid(centroid: number[], count: number, vector: number[]): number[] {
  if (centroid.length !== vector.length || count <= 0) return [...vector];
  return centroid.map((value, i) => (value * count + vector[i]) / (count + 1));
}
