/**
 * Which language a text is in, among the two Kawan tunes retrieval for, and the Postgres
 * full-text configuration that goes with it. franc-min guesses from character trigrams; it is
 * restricted to Indonesian, Malay and English, Malay counting as Indonesian (the two share most
 * of their words and franc often answers Malay for informal Indonesian).
 */
import { francAll } from 'franc-min';

export type Language = 'indonesian' | 'english';
export type FtsConfig = 'indonesian' | 'english' | 'simple';

/** Below this many letters franc's guess is noise ("hello" comes out as Malay). */
const MIN_LETTERS = 12;
/**
 * franc scores the best candidate 1 and the others relative to it; when English and
 * Indonesian/Malay are closer than this the text is mixed or too plain to tell ("Rp 25.000 OK").
 */
const MIN_MARGIN = 0.1;
/** franc itself looks at no more than the first 2048 characters; slicing first saves normalising the rest. */
const SAMPLE_CHARS = 2048;

/**
 * Below this many letters a text is a customer's question or shorter, where a trigram guess goes
 * wrong on a word or two: franc took "I left my jacket at your cafe" and "do you acept mastercard?"
 * for Indonesian, and could not tell "Is there car parking at Kemang?". There the words that only
 * one of the two languages has decide (`grammarWords`), when they clearly do.
 */
const SHORT_LETTERS = 80;

/**
 * Words of each language's grammar (pronouns, question words, auxiliaries, prepositions,
 * particles), none of them a word of the other: a short text's votes. Loanwords and names
 * ("cafe", "Kemang") belong to neither.
 */
const ENGLISH_WORDS = new Set(
  (
    'i you we they he she it my your our their me us him her them is are was were am be been do does did ' +
    'can could will would should shall may might must have has had the a an of to in on at for from with ' +
    'by about there here this that these those what when where which who whom whose why how not no yes ' +
    "if or and but any some much many more please there's what's don't can't i'm"
  ).split(' '),
);
const INDONESIAN_WORDS = new Set(
  (
    'saya aku gue gw kamu anda kami kita dia mereka kak kakak min apa apakah ada adakah yang di ke dari ' +
    'ini itu berapa brp kapan dimana mana bagaimana gimana gmn kenapa mengapa siapa bisa boleh mau ingin ' +
    'tidak ga gak nggak enggak tdk belum sudah udah sdh untuk buat utk dengan dgn dan atau juga jg tapi ' +
    'karena krn kalau kalo klo ya dong sih kok deh nih tuh aja saja lagi masih nya pakai pake sama'
  ).split(' '),
);

/** The grammar words of a short text, counted per language. */
function grammarWords(text: string): { english: number; indonesian: number } {
  let english = 0;
  let indonesian = 0;
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    if (ENGLISH_WORDS.has(word)) english += 1;
    else if (INDONESIAN_WORDS.has(word)) indonesian += 1;
  }
  return { english, indonesian };
}

/** 'indonesian' or 'english', or undefined when the text is too short or not clearly either. */
export function detectLanguage(text: string): Language | undefined {
  const sample = text.slice(0, SAMPLE_CHARS);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return undefined;

  if (letters < SHORT_LETTERS) {
    // Two grammar words more of one language, and none or one of the other: that language.
    const { english, indonesian } = grammarWords(sample);
    if (english >= indonesian + 2 && indonesian <= 1) return 'english';
    if (indonesian >= english + 2 && english <= 1) return 'indonesian';
  }
  const scores = new Map(francAll(sample, { only: ['ind', 'zlm', 'eng'], minLength: 1 }));
  const indonesian = Math.max(scores.get('ind') ?? 0, scores.get('zlm') ?? 0);
  const english = scores.get('eng') ?? 0;
  if (Math.abs(indonesian - english) < MIN_MARGIN) return undefined;
  return indonesian > english ? 'indonesian' : 'english';
}

/** The Postgres text search configuration for a language; 'simple' (no stemming, no stop words) when unknown. */
export function ftsConfigFor(language: Language | null | undefined): FtsConfig {
  return language ?? 'simple';
}
