/**
 * What a question is about, word by word, and how much of it a passage holds: the words left when
 * function words, question words and chat particles are taken out ("kak, jam buka outlet kemang
 * brp?" → jam, buka, outlet, kemang), each with the forms a passage may hold it in: its roots, the
 * standard word of a chat spelling, its translations in Kawan's glossary, and a spelling one edit
 * away (a typo) for words of five letters or more. No framework, no I/O.
 */
import { englishStem, indonesianStem, isFunctionWord, lexicalWords, standardForms } from './embedders/lexical';
import { translatedWords } from './query-expansion';

/** Asking words and the particles and courtesies of a chat: they say how something is asked, not what about. */
const NOT_THE_SUBJECT = new Set(
  (
    'apa apakah berapa brp kapan mana dimana siapa bagaimana gimana gmn kenapa mengapa knp ' +
    'how what when where which who whom whose why much many ' +
    'kak ka kakak min mimin admin gan sis bro mas mbak bang pak bu dong sih nih deh kok ya yah yaa ' +
    'aja saja gitu tolong mohon halo hai hi hello hey please pls thanks thank makasih terima kasih ' +
    'mau ingin pengen tanya nanya info ask want wanted would like tell know any anything ' +
    'ga gak nggak ngga enggak tidak tdk gk nda ndak engga belum blm udah sudah lagi masih ' +
    'lama long buat pakai pake sama sini situ need needs get got take able'
  ).split(' '),
);

export interface QuestionTerm {
  word: string;
  /** The forms a passage may hold the word in. */
  forms: ReadonlySet<string>;
  /** Its words in the other language (Kawan's glossary), as the glossary writes them. */
  translations: readonly string[];
}

const roots = (word: string) => [word, indonesianStem(word), englishStem(word)];

/** The words a question is about, each once, with their forms; empty when it is about nothing in particular. */
export function questionTerms(question: string): QuestionTerm[] {
  const terms: QuestionTerm[] = [];
  const seen = new Set<string>();
  for (const word of lexicalWords(question)) {
    // A number in a question is a quantity ("12 hp", "a group of 6"), rarely the passage's own.
    if (seen.has(word) || word.length < 2 || /^\d+$/.test(word) || isFunctionWord(word) || NOT_THE_SUBJECT.has(word))
      continue;
    seen.add(word);
    const standard = standardForms(word);
    if (standard?.every((form) => isFunctionWord(form) || NOT_THE_SUBJECT.has(form))) continue;
    const forms = new Set<string>();
    const translations: string[] = [];
    for (const base of [word, ...(standard ?? [])]) {
      for (const form of roots(base)) forms.add(form);
      for (const language of ['indonesian', 'english']) {
        for (const translation of translatedWords([base], language)) {
          if (!translations.includes(translation)) translations.push(translation);
          for (const part of lexicalWords(translation)) for (const form of roots(part)) forms.add(form);
        }
      }
    }
    terms.push({ word, forms, translations });
  }
  return terms;
}

/** The words of a text, their roots and the standard words of its chat spellings ("ongkir"), for `shareHeld`. */
export function heldForms(text: string): Set<string> {
  const held = new Set<string>();
  for (const word of lexicalWords(text)) {
    for (const form of roots(word)) held.add(form);
    for (const standard of standardForms(word) ?? []) for (const form of roots(standard)) held.add(form);
  }
  return held;
}

/** The share of the terms a text holds (1 when there are none); `held` is the text's `heldForms`. */
export function shareHeld(terms: readonly QuestionTerm[], held: ReadonlySet<string>): number {
  if (terms.length === 0) return 1;
  let count = 0;
  for (const term of terms) if (holdsTerm(term, held)) count += 1;
  return count / terms.length;
}

/** Whether a text holds a term in one of its forms, or one edit away; `held` is the text's `heldForms`. */
export function holdsTerm(term: QuestionTerm, held: ReadonlySet<string>): boolean {
  for (const form of term.forms) if (held.has(form)) return true;
  if (term.word.length < 5 || /\d/.test(term.word)) return false;
  for (const word of held) if (oneEditApart(term.word, word)) return true;
  return false;
}

/** Whether two words are one insertion, deletion, substitution or swap of neighbours apart. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1 || Math.min(la, lb) < 4) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
