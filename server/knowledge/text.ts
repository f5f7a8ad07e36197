/**
 * Whitespace normalisation shared by the chunker and the embedders. Pure string functions.
 */

/** Unicode spaces that are not a plain space or a line break (NBSP, thin space, ideographic space…). */
const ODD_SPACES = /[\t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
/** Characters that take no room and only get in the way of matching (zero-width space, joiners, BOM, soft hyphen). */
const INVISIBLES = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/** One line of text: every run of whitespace (line breaks included) becomes one space, trimmed. */
export function normaliseInline(text: string): string {
  return text.replace(INVISIBLES, '').replace(/\s+/g, ' ').trim();
}

/**
 * Running text that may hold markdown lines (lists, code): line breaks are kept, but CRLF
 * becomes LF, odd spaces become a space, runs of spaces inside a line collapse to one (a line's
 * leading indentation is kept, less what all lines share: it carries list nesting), trailing
 * spaces go, and more than one blank line becomes one. A fenced code block keeps its spacing.
 */
export function normaliseBlock(text: string): string {
  const code = isCodeBlock(text);
  const lines = text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(INVISIBLES, '')
    .split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (code) {
      out.push(line.trimEnd());
      continue;
    }
    const spaced = line.replace(ODD_SPACES, ' ');
    const indent = /^ */.exec(spaced)?.[0] ?? '';
    const body = spaced.slice(indent.length).replace(/ {2,}/g, ' ').trimEnd();
    out.push(body === '' ? '' : indent + body);
  }
  if (code) return out.join('\n').replace(/^\n+|\n+$/g, '');
  // Indentation that every line shares is not nesting.
  let common = Infinity;
  for (const line of out) if (line !== '') common = Math.min(common, line.length - line.trimStart().length);
  const dedented = common > 0 && common !== Infinity ? out.map((line) => line.slice(common)) : out;
  return dedented
    .join('\n')
    .replace(/^\n+|\n+$/g, '')
    .replace(/\n{3,}/g, '\n\n');
}

/** A paragraph that is a fenced code block (the markdown parser hands code over with its fence). */
export function isCodeBlock(text: string): boolean {
  return /^\s*(```|~~~)/.test(text);
}

/**
 * Abbreviations that end in a full stop without ending a sentence (lowercase, without the final
 * stop): Indonesian titles, addresses and list shorthands, English ones, and month names.
 */
const ABBREVIATIONS = new Set(
  (
    'dr drg prof ir h hj st no nos jl jln kec kab kel prov rt rw tel telp hp fax yth sdr sdri bpk ' +
    'pt cv tbk dll dsb dst dkk hlm hal tgl ttd an up mr mrs ms jr sr vs etc eg ie approx inc ltd co ' +
    'corp dept est ca vol fig jan feb mar apr jun jul agu agt aug sep sept okt oct nov des dec'
  ).split(' '),
);

/** A sentence ends at . ! ? … (optionally closed by a quote or bracket) followed by whitespace. */
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s)/g;

/**
 * Splits one line of prose into sentences. A full stop does not end a sentence after a known
 * abbreviation ("dr.", "No.", "Jl."), a single letter ("A. Yani"), a dotted abbreviation ("s.d.",
 * "e.g."), a list number opening a sentence ("1. Buka aplikasi. 2. Pilih menu."), or when the next word
 * starts in lowercase; "Rp 25.000" and "08.00" never split because no space follows the stop.
 * ! ? and … always end a sentence when a space follows.
 */
export function splitSentences(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of line.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.') && !endsSentence(line, start, match.index, end)) continue;
    const sentence = line.slice(start, end).trim();
    if (sentence !== '') sentences.push(sentence);
    start = end;
  }
  const rest = line.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences;
}

function endsSentence(line: string, sentenceStart: number, stop: number, end: number): boolean {
  const next = /\S/.exec(line.slice(end, end + 8))?.[0] ?? '';
  if (next !== '' && next !== next.toUpperCase()) return false;
  // stop > 0 always here: the match needs a character before the whitespace.
  const word = /[^\s([{"'“‘]*$/.exec(line.slice(sentenceStart, stop))?.[0] ?? '';
  if (word === '') return true;
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower) || lower.includes('.')) return false;
  if (/^\p{L}$/u.test(word)) return false;
  if (/^\d{1,3}$/.test(word) && line.slice(sentenceStart, stop - word.length).trim() === '') return false;
  return true;
}

/**
 * `text` as a string of its own, for a long-lived cache key: V8 keeps a substring of 13 characters
 * or more as a view into the string it was cut from, so a cache of words cut from documents would
 * keep every document they came from alive until the cache is cleared.
 */
export function unsliced(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}
