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

/** 'indonesian' or 'english', or undefined when the text is too short or not clearly either. */
export function detectLanguage(text: string): Language | undefined {
  const sample = text.slice(0, SAMPLE_CHARS);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return undefined;

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
