/**
 * Curated answers: a Q&A chunk (a question the team wrote, its alternative phrasings as the
 * chunk's context lines, `question\n\nanswer` as its content) answers a message as written, with
 * no model, when the message is close enough to one of its phrasings.
 *
 * "Close" is the cosine of the lexical vectors of the message and the phrasing, whatever embedder
 * the knowledge uses: it is question against question (not against the whole chunk), on a 0–1
 * scale that means the same for every knowledge base, and tolerant of typos, affixes and chat
 * abbreviations. See `botConfigDefaults.curatedThreshold` for how the default was chosen.
 */
import type { RetrievedChunk } from '../knowledge/retrieve';
import { cosineSimilarity } from '../knowledge/embedders/embedder';
import { lexicalVector } from '../knowledge/embedders/lexical';
import { questionTerms } from '../knowledge/question-terms';
import { unsliced } from '../knowledge/text';

export interface CuratedMatch {
  chunk: RetrievedChunk;
  /** The best cosine of the message to the chunk's question or one of its phrasings. */
  score: number;
  /** The phrasing that matched best. */
  phrasing: string;
}

/** The curated question of a Q&A chunk, or undefined for any other chunk. */
export function curatedQuestion(chunk: RetrievedChunk): string | undefined {
  const question = chunk.meta.question;
  return typeof question === 'string' && question.trim() !== '' ? question : undefined;
}

/**
 * The lexical vectors of phrasings seen lately: a bot's curated questions come back with every
 * message that retrieves them (about 20 vectors a turn, 6 µs each). Bounded; emptied when full.
 * Keyed by a copy of the phrasing: a line cut from a chunk's context is a view that keeps the
 * context alive.
 */
const phrasingVectors = new Map<string, number[]>();
const rememberedPhrasings = 1000;

function phrasingVector(phrasing: string): number[] {
  let vector = phrasingVectors.get(phrasing);
  if (vector === undefined) {
    vector = lexicalVector(phrasing);
    if (phrasingVectors.size >= rememberedPhrasings) phrasingVectors.clear();
    phrasingVectors.set(unsliced(phrasing), vector);
  }
  return vector;
}

/** A Q&A chunk's question and its alternative phrasings (the context's lines). */
function phrasingsOf(chunk: RetrievedChunk, question: string): string[] {
  return [question, ...chunk.context.split('\n').map((line) => line.trim())].filter((line) => line !== '');
}

/** The Q&A chunk among the retrieved ones whose phrasing is closest to the message (earlier rank wins ties), or null. */
export function bestCuratedMatch(message: string, chunks: RetrievedChunk[]): CuratedMatch | null {
  let best: CuratedMatch | null = null;
  let asked: number[] | undefined;
  for (const chunk of chunks) {
    const question = curatedQuestion(chunk);
    if (question === undefined) continue;
    asked ??= lexicalVector(message);
    for (const phrasing of phrasingsOf(chunk, question)) {
      const score = cosineSimilarity(asked, phrasingVector(phrasing));
      if (!best || score > best.score) best = { chunk, score, phrasing };
    }
  }
  return best;
}

/**
 * How close each retrieved Q&A chunk's nearest phrasing is to the message, by chunk id: the cosine
 * of the lexical vectors of the phrasing and of the message, or of the message with its glossary
 * translations (question-terms.ts), whichever is higher, so that a pair written in the other
 * language is met ("do you have vegan options?" and "ada pilihan vegetarian ga kak"). A chunk's
 * own vector holds all its phrasings at once, so its similarity to a short question runs low.
 */
export function phrasingScores(message: string, chunks: RetrievedChunk[]): Map<number, number> {
  const scores = new Map<number, number>();
  let asked: number[][] | undefined;
  for (const chunk of chunks) {
    const question = curatedQuestion(chunk);
    if (question === undefined) continue;
    if (!asked) {
      const translations = questionTerms(message).flatMap((term) => term.translations);
      asked = [lexicalVector(message)];
      if (translations.length > 0) asked.push(lexicalVector(`${message}\n${translations.join(' ')}`));
    }
    let best = 0;
    for (const phrasing of phrasingsOf(chunk, question)) {
      const vector = phrasingVector(phrasing);
      for (const query of asked) best = Math.max(best, cosineSimilarity(query, vector));
    }
    scores.set(chunk.id, best);
  }
  return scores;
}

/** Whether a match clears the bot's threshold (allowing for rounding: an identical question scores 1). */
export function clearsThreshold(match: CuratedMatch | null, threshold: number): match is CuratedMatch {
  return match !== null && match.score >= threshold - 1e-9;
}

/** The answer part of a Q&A chunk: its content after the question. */
export function curatedAnswer(chunk: RetrievedChunk): string {
  const question = curatedQuestion(chunk);
  const content = chunk.content.trim();
  if (question !== undefined && content.startsWith(question.trim())) {
    const rest = content.slice(question.trim().length).trim();
    if (rest !== '') return rest;
  }
  const split = content.indexOf('\n\n');
  return split >= 0 ? content.slice(split + 2).trim() : content;
}
