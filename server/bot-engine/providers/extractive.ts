/**
 * The provider that needs no model: it answers with the passages' own sentences, those most
 * similar to the question (lexical vectors, cosine), each followed by its passage's marker `[n]`,
 * so citations work as they do with a model. What it can and cannot do is the lexical embedder's:
 * it matches words, roots and spellings, not meaning.
 *
 * How the reply is composed:
 *   - each passage is cut into units: sentences of prose (line by line; a list item or a new
 *     line of a list starts on its own line), the rows of a table (kept whole, each written as
 *     `Header: cell; Header: cell`), the lines of a `Label: value` record (kept whole);
 *   - a unit's score is its cosine with the question; under a heading, the heading counts a little
 *     (0.85 × the score of heading + unit, when that is higher); a record line's score is half its
 *     own and half its record's, so "Price: 25" of the record that names the product asked about wins
 *     over the same line of another record;
 *   - units below the floor (0.15) or below 75 % of the best unit are left out; the rest are taken
 *     best first while the reply stays within `maxChars` (600), then written passage by passage
 *     (best passage first), in their order within the passage; the record's first line (what the
 *     record is about) comes with any of its lines, and the best passage's record lines that hold
 *     a word of the question ("Harga: …" when the price was asked, or "how much") come whatever
 *     their score;
 *   - a Q&A passage (`passage.question`, or content `question?\n\nanswer`) scores by its question
 *     and alternative phrasings (and 0.8 × its answer); when it is the best passage, the reply is
 *     its answer alone. A phrasing is also compared with the question and its glossary translations
 *     together, the better of the two counting, so that a pair written in the other language
 *     answers ("How do I reserve a table?" → "Bagaimana cara reservasi meja?"); a sentence of prose
 *     likewise, its translated similarity counting at 0.7;
 *   - the best passage must hold at least half of what the question is about (its words without
 *     function words, question words and chat particles, each in its roots, chat spellings,
 *     glossary translations or a one-letter typo: server/knowledge/question-terms.ts);
 *   - nothing above the floor, or a best passage about something else: no delta, no usage, only
 *     `done` with finishReason 'no_answer' (the runner then says the bot's fallback message).
 * No words of its own in any language, deterministic, a few deltas of words, usage estimated with
 * the tokenizer, `model` 'kawan-extractive'.
 */
import { cosineSimilarity } from '../../knowledge/embedders/embedder';
import { lexicalVector } from '../../knowledge/embedders/lexical';
import { isCodeBlock, splitSentences } from '../../knowledge/text';
import { heldForms, holdsTerm, questionTerms, shareHeld, type QuestionTerm } from '../../knowledge/question-terms';
import type { ChatEvent, ChatProvider, ChatRequest, Passage } from './provider';
import { defaultTokenCounter, estimatePromptTokens, type TokenCounter } from './token-estimate';

export interface ExtractiveProviderOptions {
  /** Lowest similarity a unit needs to be used (default 0.15; unrelated texts score about 0). */
  floor?: number;
  /** Longest reply in characters, markers included (default 600). */
  maxChars?: number;
  /** Words per delta (default 6). */
  wordsPerDelta?: number;
  tokenCounter?: TokenCounter;
}

export const EXTRACTIVE_MODEL = 'kawan-extractive';

const DEFAULT_FLOOR = 0.15;
/** A unit must score at least this share of the best one: the reply stays on the best answer. */
const RELATIVE_FLOOR = 0.75;
/** How much a heading lends the sentences under it. */
const CONTEXT_WEIGHT = 0.85;
/** How much a Q&A answer's own words count next to its question's. */
const ANSWER_WEIGHT = 0.8;
const ELLIPSIS = '…';
/**
 * How much a sentence's similarity to the question with its translations counts, against its
 * similarity to the question as asked (a Q&A phrasing's counts whole: question against question).
 * On bench:retrieval's documents, English questions over Indonesian prose: at 0.7 five more right
 * replies and one more wrong; at 0.8–1, the same five and two or three more wrong.
 */
const TRANSLATED_WEIGHT = 0.7;
/** What a passage loses at most for lacking the question's words that tell the passages apart. */
const MISSING_WEIGHT = 0.5;
/**
 * The least share of what the question is about (question-terms.ts) that the best passage must
 * hold, or there is no answer. Lexical similarity alone answered "is there a kids menu?" with the
 * menu's title and "pw buat login ke 192.168.1.1?" with a product record (bench:retrieval's
 * replies: 29 % of the documents' answerable questions answered wrongly, 18 % at 0.5).
 */
const MIN_HELD = 0.5;
/**
 * A question that asks whether something is there or offered ("is there a kids menu?", "ada outlet
 * di medan?", "do you sell gift cards?", "does the hotel have a gym?", "apakah klinik punya …?"; not
 * "do I have to …?"), after a greeting or a "kak": its best passage must hold
 * more of what it asks about (`EXISTENCE_HELD`). Answered from a passage about something else, it
 * reads as a yes: "is there a kids menu?" got "Ada. Gado-Gado …", the vegan pair. A question with
 * alternatives ("wine or beer?") needs that share of one of them (`aboutWhatWasAsked`).
 */
const EXISTENCE_ASKED =
  /^\s*(?:(?:kak|kakak|ka|min|mimin|gan|sis|halo|hai|hi|hello|permisi|mau tanya)\b[\s,.!]*)*(?:is there|are there|(?:do|does) (?:\S+ ){0,3}(?:have|sell|serve|offer)\b(?! to\b)|have you got|(?:apakah |apa )?ada\b|(?:apakah )?(?:punya|jual|sedia)\b|apakah (?:\S+ ){1,3}(?:ada|punya|jual|menjual|sedia|menyediakan)\b)/i;
const ALTERNATIVES_SPLIT = /\b(?:or|atau)\b/i;
/**
 * On bench:retrieval: at 0.75, two wrong replies and two unanswerable questions ("is there a kids
 * menu?", "ada outlet di medan?") went to the fallback, and one right reply with them ("ada makanan
 * vegetarian?", whose pair says vegan); at 1, two more right replies lost. Over the whole question
 * with alternatives, "do you serve wine or beer?" lost its answer too; over one alternative's terms,
 * "is there a gym or fitness room at the hotel?" went to the fallback (the hotel's smoking rules had
 * held "room" and "hotel") and nothing was lost.
 */
const EXISTENCE_HELD = 0.75;

/**
 * Whether the best passage is about what was asked: it holds `MIN_HELD` of the question's terms,
 * and for a question whether something is there, `EXISTENCE_HELD` of them; with alternatives, of
 * one alternative's ("is there a gym or a fitness room?" is not answered by a passage that only
 * holds "room").
 */
function aboutWhatWasAsked(question: string, terms: readonly QuestionTerm[], held: ReadonlySet<string>): boolean {
  const share = shareHeld(terms, held);
  if (share < MIN_HELD) return false;
  if (!EXISTENCE_ASKED.test(question)) return true;
  const alternatives = question
    .split(ALTERNATIVES_SPLIT)
    .map((alternative) => questionTerms(alternative))
    .filter((alternative) => alternative.length > 0);
  if (alternatives.length < 2) return share >= EXISTENCE_HELD;
  return alternatives.some((alternative) => shareHeld(alternative, held) >= EXISTENCE_HELD);
}

/**
 * An English question that asks a price without naming it ("how much is the Lasem shirt?", "how
 * much for a large latte?"), not an amount ("how much data is included?").
 */
const PRICE_ASKED = /\bhow much (?:is|are|does|do|for|would|will|to)\b/i;
/** Indonesian words of a cost, and of "how much". */
const COST = '(?:harga|harganya|biaya|biayanya|ongkos|ongkir|tarif|bayar)';
const HOW_MUCH = '(?:berapa|brp)';
/**
 * What kind of answer a question asks for, when its words say so, and how a sentence that gives one
 * reads: a length of time ("berapa lama", "how long", "berapa hari"), a time of day ("jam berapa",
 * "what time"), a price ("harganya berapa", "how much is"). The first that the question matches.
 */
const ANSWER_TYPES: ReadonlyArray<{ asked: RegExp; given: RegExp }> = [
  {
    asked:
      /\b(?:berapa|brp) (?:lama|menit|jam|hari|minggu|bulan|tahun)\b|\blamanya\b|\bhow long\b|\bhow many (?:minutes|hours|days|weeks|months|years)\b/i,
    given:
      /\d(?:[.,]\d+)?\s*(?:x\s*24\s*)?(?:menit|jam|hari|minggu|bulan|tahun|minutes?|hours?|days?|weeks?|months?|years?)\b/i,
  },
  {
    asked: /\b(?:jam|pukul) (?:berapa|brp)\b|\b(?:sampai|sampe) jam\b|\bwhat time\b/i,
    given: /\b\d{1,2}[.:]\d{2}\b/,
  },
  {
    // A cost word and "berapa" in either order, PRICE_ASKED, or a cost named in English.
    asked: new RegExp(
      `\\b${COST}\\b.*\\b${HOW_MUCH}\\b|\\b${HOW_MUCH}\\b.*\\b${COST}\\b|${PRICE_ASKED.source}|\\b(?:price|cost|fee)s?\\b`,
      'i',
    ),
    given: /\bRp\s?\d|\$\s?\d|\d\s?(?:ribu|rb|juta)\b|\b(?:gratis|free)\b/i,
  },
];
/**
 * How much more a sentence counts when it gives the kind of answer asked for. On bench:retrieval's
 * documents: at 0.75–1 three wrong replies to "how long" questions became right ("How long is
 * maternity leave?" quoted the miscarriage-leave sentence, "Berapa lama batas waktu untuk
 * mengembalikan barang?" the return conditions), at 0.3–0.5 and at 2 two, and nothing else moved.
 */
const ANSWER_TYPE_BONUS = 0.75;

/** The price, in the words a record labels it with. */
const priceTerm: QuestionTerm = {
  word: 'price',
  forms: new Set(['price', 'harga', 'biaya', 'tarif', 'cost']),
  translations: [],
};

/** A piece of a passage the reply may use. */
interface Unit {
  passage: number;
  /** Position within the passage. */
  position: number;
  text: string;
  score: number;
  /** Starts on its own line (a table row, a record line, a list item). */
  line: boolean;
  /** A record's first line: comes along with any other line of its record. */
  anchor?: boolean;
}

interface QaPassage {
  kind: 'qa';
  score: number;
  answer: string;
}

interface UnitPassage {
  kind: 'units';
  units: Unit[];
}

export class ExtractiveProvider implements ChatProvider {
  readonly kind = 'extractive';
  readonly extractive = true;
  private readonly floor: number;
  private readonly maxChars: number;
  private readonly wordsPerDelta: number;
  private readonly countTokens: TokenCounter;

  constructor(options: ExtractiveProviderOptions = {}) {
    this.floor = options.floor ?? DEFAULT_FLOOR;
    this.maxChars = Math.max(40, options.maxChars ?? 600);
    this.wordsPerDelta = Math.max(1, Math.floor(options.wordsPerDelta ?? 6));
    this.countTokens = options.tokenCounter ?? defaultTokenCounter;
  }

  async *stream(request: ChatRequest): AsyncGenerator<ChatEvent, void, undefined> {
    request.signal?.throwIfAborted();
    const text = this.compose(request.question, request.passages);
    if (text === '') {
      yield { type: 'done', finishReason: 'no_answer', model: EXTRACTIVE_MODEL };
      return;
    }
    for (const delta of deltas(text, this.wordsPerDelta)) {
      request.signal?.throwIfAborted();
      yield { type: 'delta', text: delta };
    }
    yield {
      type: 'usage',
      promptTokens: estimatePromptTokens(request.messages, this.countTokens),
      completionTokens: this.countTokens(text),
      estimated: true,
    };
    yield { type: 'done', finishReason: 'stop', model: EXTRACTIVE_MODEL };
  }

  /** The reply for this question from these passages, or '' when none is similar enough. */
  compose(question: string, passages: readonly Passage[]): string {
    const query = lexicalVector(question);
    if (!query.some((value) => value !== 0) || passages.length === 0) return '';
    const terms = questionTerms(question);
    const translations = terms.flatMap((term) => term.translations);
    const translated = translations.length > 0 ? lexicalVector(`${question}\n${translations.join(' ')}`) : null;
    /** The text's similarity to the question, or to the question with its translations at `weight`. */
    const against = (text: string, weight: number): number => {
      const vector = lexicalVector(text);
      const own = cosineSimilarity(query, vector);
      return translated ? Math.max(own, weight * cosineSimilarity(translated, vector)) : own;
    };
    const similarity = (text: string) => against(text, TRANSLATED_WEIGHT);
    const phrasingSimilarity = (text: string) => against(text, 1);

    const answerType = ANSWER_TYPES.find((type) => type.asked.test(question));
    /** A sentence's score counts more when it gives the kind of answer asked for. */
    const typed = (text: string) => (answerType?.given.test(text) ? 1 + ANSWER_TYPE_BONUS : 1);
    const held = passages.map((passage) =>
      heldForms(`${passage.question ?? ''}\n${passage.context}\n${passage.content}`),
    );
    const coverage = coverageOf(terms, held);
    const analysed = passages.map((passage, index) =>
      analyse(
        passage,
        index,
        (text) => coverage[index] * similarity(text) * typed(text),
        (text) => coverage[index] * phrasingSimilarity(text),
        terms,
      ),
    );
    const best = analysed.map((item) =>
      item.kind === 'qa' ? item.score : Math.max(-1, ...item.units.map((unit) => unit.score)),
    );
    const top = Math.max(...best);
    if (!(top >= this.floor)) return '';
    const threshold = Math.max(this.floor, RELATIVE_FLOOR * top);
    // Best passage first; ties keep the retrieval order.
    const order = best.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score || a.index - b.index);

    // The best passage must be about what was asked, not only share its words' spelling.
    if (!aboutWhatWasAsked(question, terms, held[order[0].index])) return '';
    const first = analysed[order[0].index];
    if (first.kind === 'qa') return this.answerOf(first.answer, passages[order[0].index].marker);

    // Candidates best first; a Q&A that is not the best passage competes as one unit, its answer.
    const candidates: Unit[] = [];
    for (const [index, item] of analysed.entries()) {
      if (item.kind === 'qa')
        candidates.push({ passage: index, position: 0, text: item.answer, score: item.score, line: true });
      else candidates.push(...item.units);
    }
    // In the best passage's record, a line that holds a word of the question answers it too: "Harga:
    // Rp 289.000" when the price of the product its name line matched was asked.
    const bestIsRecord = terms.length > 0 && first.units.some((unit) => unit.anchor);
    // "How much is …" asks the price without naming it: the record's price line answers it.
    const asked = PRICE_ASKED.test(question) ? [...terms, priceTerm] : terms;
    const askedLine = (unit: Unit): boolean =>
      bestIsRecord && unit.passage === order[0].index && shareHeld(asked, heldForms(unit.text)) > 0;
    const eligible = candidates
      .filter((unit) => unit.score >= threshold || askedLine(unit))
      .sort((a, b) => b.score - a.score || a.passage - b.passage || a.position - b.position);

    const chosen: Unit[] = [];
    const fits = (units: Unit[]): boolean => this.render(units, passages, order).length <= this.maxChars;
    for (const unit of eligible) {
      if (chosen.includes(unit)) continue;
      const item = analysed[unit.passage];
      const anchor = item.kind === 'units' ? item.units.find((other) => other.anchor) : undefined;
      const withAnchor = anchor && anchor !== unit && !chosen.includes(anchor) ? [unit, anchor] : [unit];
      if (fits([...chosen, ...withAnchor])) chosen.push(...withAnchor);
      else if (withAnchor.length > 1 && fits([...chosen, unit])) chosen.push(unit);
      else if (chosen.length === 0) {
        // The best unit alone is too long: it is cut short rather than left out.
        const marker = ` [${passages[unit.passage].marker}]`;
        return truncate(unit.text, this.maxChars - marker.length) + marker;
      }
    }
    return this.render(chosen, passages, order);
  }

  /** A Q&A answer with its marker, cut at a sentence (or a word) when too long. */
  private answerOf(answer: string, marker: number): string {
    const suffix = ` [${marker}]`;
    const budget = this.maxChars - suffix.length;
    if (answer.length <= budget) return answer + suffix;
    let kept = '';
    for (const line of answer.split('\n')) {
      for (const sentence of sentencesOf(line)) {
        const next = kept === '' ? sentence : `${kept}${kept.endsWith('\n') ? '' : ' '}${sentence}`;
        if (next.length > budget) return (kept === '' ? truncate(sentence, budget) : kept.trimEnd()) + suffix;
        kept = next;
      }
      kept += '\n';
    }
    return kept.trimEnd() + suffix;
  }

  /** Units grouped by passage (best passage first), in their order within it, each with its marker. */
  private render(units: Unit[], passages: readonly Passage[], order: Array<{ index: number }>): string {
    const rank = new Map(order.map((item, position) => [item.index, position]));
    const sorted = [...units].sort((a, b) => rank.get(a.passage)! - rank.get(b.passage)! || a.position - b.position);
    let out = '';
    let previous: Unit | undefined;
    for (const unit of sorted) {
      const piece = `${unit.text} [${passages[unit.passage].marker}]`;
      if (previous) out += previous.line || unit.line || previous.passage !== unit.passage ? '\n' : ' ';
      out += piece;
      previous = unit;
    }
    return out;
  }
}

/**
 * How much of what tells the passages apart each one holds: a word the question is about
 * (question-terms.ts: its roots, chat spellings, translations, one-letter typos) that some of the
 * passages hold and others lack (a place, a product: "kemang" in "jam buka outlet kemang?") is what
 * the question is about, and a passage without it loses up to half its score, shared among such
 * words. Lexical similarity alone lets the words every passage shares decide ("jam buka outlet"
 * matched "Jam buka outlet Surabaya?" best; "kemang bukanya jam berapa ya kak" the Bandung pair's
 * "Bandung weekend bukanya dari jam berapa kak"). Words no passage holds tell nothing apart.
 */
function coverageOf(terms: readonly QuestionTerm[], held: readonly ReadonlySet<string>[]): number[] {
  if (held.length < 2) return held.map(() => 1);
  const telling = terms
    .map((term) => held.map((forms) => holdsTerm(term, forms)))
    .filter((holding) => holding.some(Boolean) && !holding.every(Boolean));
  if (telling.length === 0) return held.map(() => 1);
  return held.map(
    (_, index) => 1 - (MISSING_WEIGHT * telling.filter((holding) => !holding[index]).length) / telling.length,
  );
}

/** A passage's units and their scores, or its Q&A question score and answer. */
function analyse(
  passage: Passage,
  index: number,
  similarity: (text: string) => number,
  phrasingSimilarity: (text: string) => number,
  terms: readonly QuestionTerm[],
): QaPassage | UnitPassage {
  const content = passage.content.replace(/\r\n?/g, '\n').trim();
  const context = passage.context.trim();

  const qa = splitQa(passage, content);
  if (qa) {
    const phrasings = [qa.question, ...context.split('\n')].filter((text) => text.trim() !== '');
    const score = Math.max(...phrasings.map(phrasingSimilarity), ANSWER_WEIGHT * similarity(qa.answer));
    return { kind: 'qa', score, answer: qa.answer };
  }

  const units: Unit[] = [];
  const add = (text: string, line: boolean, score: number, anchor = false): void => {
    units.push({ passage: index, position: units.length, text, score, line, ...(anchor ? { anchor } : {}) });
  };
  const withContext = (text: string): number => {
    const own = similarity(text);
    return context === '' ? own : Math.max(own, CONTEXT_WEIGHT * similarity(`${context}\n${text}`));
  };

  const lines = content.split('\n').map((line) => line.trim());
  const table = readTable(lines);
  if (table) {
    // Rows are told apart as passages are: a row lacking the question's words that other rows hold
    // scores less ("lampu LOS merah" against the POWER row, which shares only "lampu" and "mati").
    const rows = coverageOf(
      terms,
      table.map((row) => heldForms(row)),
    );
    table.forEach((row, position) => add(row, true, rows[position] * withContext(row)));
    return { kind: 'units', units };
  }
  if (isRecord(lines)) {
    const whole = similarity(context === '' ? content : `${context}\n${content}`);
    lines.forEach((line, position) => {
      if (line !== '') add(line, true, (similarity(line) + whole) / 2, position === 0);
    });
    return { kind: 'units', units };
  }
  if (isCodeBlock(content)) {
    add(content, true, withContext(content));
    return { kind: 'units', units };
  }
  for (const line of lines) {
    if (line === '' || /^\|?\s*:?-{3,}/.test(line)) continue;
    const listItem = /^([-*+•]|\d{1,3}[.)])\s/.test(line);
    sentencesOf(line).forEach((sentence, position) => add(sentence, listItem && position === 0, withContext(sentence)));
  }
  return { kind: 'units', units };
}

/** The question and answer of a Q&A passage: given, or a first line ending in `?` before a blank line. */
function splitQa(passage: Passage, content: string): { question: string; answer: string } | undefined {
  const gap = content.indexOf('\n\n');
  if (gap === -1) return undefined;
  const head = content.slice(0, gap).trim();
  const answer = content.slice(gap + 2).trim();
  if (answer === '') return undefined;
  const given = passage.question?.trim();
  if (given) return { question: given, answer };
  if (head.includes('\n') || !/[?？؟]$/.test(head)) return undefined;
  return { question: head, answer };
}

/**
 * The sentences of a line. `splitSentences` takes a number with a dot inside ("pukul 08.00–17.00.",
 * "Rp 25.000.") for a dotted abbreviation and does not end the sentence there; here it does when
 * a capital letter follows.
 */
function sentencesOf(line: string): string[] {
  return splitSentences(line).flatMap((sentence) => sentence.split(/(?<=\d[.,:]\d+\.)\s+(?=\p{Lu})/u));
}

/** A GFM table's rows, each as `Header: cell; Header: cell` (empty cells left out), or undefined. */
function readTable(lines: string[]): string[] | undefined {
  const rows = lines.filter((line) => line !== '');
  if (rows.length < 2 || !rows[0].startsWith('|') || !/^\|(\s*:?-{3,}:?\s*\|)+$/.test(rows[1])) return undefined;
  const header = cells(rows[0]);
  const out: string[] = [];
  for (const row of rows.slice(2)) {
    if (!row.startsWith('|')) return undefined;
    const values = cells(row);
    const parts = values
      .map((value, i) => (value === '' ? '' : header[i] ? `${header[i]}: ${value}` : value))
      .filter((part) => part !== '');
    if (parts.length > 0) out.push(parts.join('; '));
  }
  return out;
}

/** The cells of a GFM table row, `\|` unescaped. */
function cells(row: string): string[] {
  const inner = row.replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|').replace(/\\\\/g, '\\'));
}

/** Every line is `Label: value` (a spreadsheet record), and there are at least two. */
function isRecord(lines: string[]): boolean {
  const filled = lines.filter((line) => line !== '');
  return filled.length >= 2 && filled.every((line) => /^[^:\n]{1,60}: \S/.test(line) && !/^https?:/i.test(line));
}

/** `text` cut at a word to fit `max` characters with an ellipsis. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(1, max - ELLIPSIS.length));
  const space = cut.lastIndexOf(' ');
  return (space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd() + ELLIPSIS;
}

/** The text in pieces of a few words each (spaces and line breaks kept, so they join back exactly). */
function deltas(text: string, wordsPerDelta: number): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerDelta) out.push(words.slice(i, i + wordsPerDelta).join(''));
  return out;
}
