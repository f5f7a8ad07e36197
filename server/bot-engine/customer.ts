/**
 * What a bot knows about the customer it is talking to: the values of the team's contact fields
 * that the team lets bots use ("Poin: 1.250", "Member tier: Gold"), for answering the customer's
 * own questions about them ("berapa poin saya?", "what tier am I?"). The caller decides whose
 * details these are and whether the customer is known to be that person; here it is only how a
 * question asks about them.
 *
 *   asked     a fact is asked about when the question says the asker ("saya", "aku", "gw",
 *             "poinku", "my", "I") and holds half or more of the words of the fact's label, in a
 *             form, a glossary translation or one letter off ("points" for "Poin")
 *   only      when everything the question is about is the asked facts' labels ("poin saya
 *             brp?"), the turn answers from the record itself: no retrieval, no model
 *   passage   otherwise the asked facts go into the prompt as a passage of their own, first, so a
 *             model can answer "berapa poin lagi untuk kopi gratis?" from both (a model only: the
 *             extractive provider would quote "Kota: Bandung" to a question about another city)
 */
import type { Language } from '../knowledge/language';
import { lexicalWords, indonesianStem } from '../knowledge/embedders/lexical';
import { heldForms, questionTerms, shareHeld } from '../knowledge/question-terms';
import type { Passage } from './providers/provider';

export interface CustomerFact {
  /** The field's label, as the team wrote it ("Member tier"). */
  label: string;
  /** Its value written for a reader of each language ("1.250" / "1,250", "17 Agustus 1990"). */
  value: Record<Language, string>;
  /** A yes/no field ("Member": Ya): said as a label and its answer, not "your Member is Yes". */
  yesNo?: true;
}

/** Words by which a customer says themselves, in standard and chat Indonesian and in English. */
const SELF = new Set(['saya', 'sy', 'aku', 'ak', 'gue', 'gua', 'gw', 'ane', 'i', 'me', 'my', 'mine', 'myself']);

/** A word with the possessive "-ku" ("poinku", "kotaku"): the suffix, not a word that ends so ("buku"). */
const possessive = (word: string) => word.length >= 5 && word.endsWith('ku') && indonesianStem(word) !== word;

/** Whether the message speaks of the one writing it ("saya", "poinku", "my"). */
export function asksAboutThemselves(message: string): boolean {
  return lexicalWords(message).some((word) => SELF.has(word) || possessive(word));
}

/** The facts the message asks about: it says the asker and holds half or more of a fact's label. */
export function factsAsked(message: string, facts: readonly CustomerFact[]): CustomerFact[] {
  if (facts.length === 0 || !asksAboutThemselves(message)) return [];
  const held = heldForms(message);
  return facts.filter((fact) => {
    const terms = questionTerms(fact.label);
    return terms.length > 0 && shareHeld(terms, held) >= 0.5;
  });
}

/** Whether the message is about nothing but the asked facts ("poin saya brp kak?"). */
export function onlyAbout(message: string, asked: readonly CustomerFact[]): boolean {
  if (asked.length === 0) return false;
  const terms = questionTerms(message).filter((term) => !SELF.has(term.word) && !possessive(term.word));
  const labels = heldForms(asked.map((fact) => fact.label).join('\n'));
  // A possessive word ("poinku") is held by its stem, which heldForms gives.
  return shareHeld(terms, labels) === 1;
}

/** The reply made from the record: one fact in a sentence (a yes/no one as its label and answer), several as a list. */
export function factsReply(asked: readonly CustomerFact[], language: Language | null): string {
  const spoken = language ?? 'indonesian';
  if (asked.length === 1 && !asked[0].yesNo) {
    const [fact] = asked;
    return spoken === 'english'
      ? `According to our records, your ${fact.label} is ${fact.value.english}.`
      : `Menurut catatan kami, ${fact.label} Anda ${fact.value.indonesian}.`;
  }
  if (asked.length === 1) {
    const [fact] = asked;
    return spoken === 'english'
      ? `According to our records: ${fact.label}, ${fact.value.english}.`
      : `Menurut catatan kami: ${fact.label}, ${fact.value.indonesian}.`;
  }
  const lines = asked.map((fact) => `- ${fact.label}: ${fact.value[spoken]}`);
  return [spoken === 'english' ? 'According to our records:' : 'Menurut catatan kami:', ...lines].join('\n');
}

/** The title of the customer's passage in the prompt. */
export const CUSTOMER_PASSAGE_TITLE =
  "The customer's own details (the team's records; for answering them about themselves)";

/**
 * The asked facts as a prompt passage numbered `marker`. It is no chunk (`chunkId` and `sourceId`
 * 0, `customer` set): a marker the model writes for it is dropped from the reply, as it names no
 * source a reader could open.
 */
export function customerPassage(asked: readonly CustomerFact[], language: Language | null, marker: number): Passage {
  const spoken = language ?? 'indonesian';
  return {
    marker,
    chunkId: 0,
    sourceId: 0,
    sourceTitle: CUSTOMER_PASSAGE_TITLE,
    content: asked.map((fact) => `${fact.label}: ${fact.value[spoken]}`).join('\n'),
    context: '',
    customer: true,
  };
}
