import type { HandoffReasonCode } from '../../db/schema/channels';
import { parseFieldValue, type ContactFieldShape } from '../contacts/field-values';
import type { AutomationCondition, AutomationTrigger } from './rule-types';

/**
 * Whether a rule's conditions hold for what happened: pure, so that the pipeline's inbound
 * transaction, the bot's turn and the tests read a rule the same way.
 */
export interface AutomationFacts {
  trigger: AutomationTrigger;
  /** The customer's message (a customer_message rule's), else ''. */
  text: string;
  /** The message is the first of its conversation. */
  firstMessage: boolean;
  channelId: number;
  /** The contact's field values by key (contacts.attributes). */
  attributes: Readonly<Record<string, unknown>>;
  /** The team's fields, to read a condition's value in its field's type; a deleted field is missing. */
  fields: readonly ContactFieldShape[];
  handoffReason: HandoffReasonCode | null;
  /** How many whole minutes it has waited for a person or their reply (the timed triggers), else null. */
  waitedMinutes: number | null;
}

/** Text as rules compare it: lower case, accents and repeated spaces gone. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const wordCharacter = /[\p{L}\p{N}]/u;

/**
 * The first of `words` that `text` has where a word starts ("refund" in "Refundnya kapan?", not in
 * "prefund"), whatever the case and accents: Indonesian adds suffixes to a word, rarely prefixes
 * that a rule's author would not write themselves.
 */
export function wordFound(text: string, words: readonly string[]): string | null {
  const folded = foldText(text);
  for (const word of words) {
    const wanted = foldText(word);
    if (wanted === '') continue;
    for (let at = folded.indexOf(wanted); at !== -1; at = folded.indexOf(wanted, at + 1)) {
      if (at === 0 || !wordCharacter.test(folded[at - 1]!)) return word;
    }
  }
  return null;
}

function fieldHolds(condition: Extract<AutomationCondition, { type: 'contact_field' }>, facts: AutomationFacts) {
  const stored = Object.hasOwn(facts.attributes, condition.key) ? facts.attributes[condition.key] : undefined;
  const set = stored !== undefined && stored !== null && stored !== '';
  if (condition.operator === 'is_set') return set;
  if (condition.operator === 'is_not_set') return !set;
  const field = facts.fields.find((candidate) => candidate.key === condition.key);
  if (condition.operator === 'at_least' || condition.operator === 'at_most') {
    const bound = Number(condition.value);
    if (typeof stored !== 'number' || !Number.isFinite(bound)) return false;
    return condition.operator === 'at_least' ? stored >= bound : stored <= bound;
  }
  // `is` and `is_not`: the value read in the field's type ("ya" is true; "gold" is the choice "Gold").
  const wanted = field ? parseFieldValue(field, condition.value ?? '') : undefined;
  const same =
    set &&
    wanted?.ok === true &&
    wanted.value !== null &&
    (typeof wanted.value === 'string' && typeof stored === 'string'
      ? foldText(wanted.value) === foldText(stored)
      : wanted.value === stored);
  return condition.operator === 'is' ? same : !same;
}

export function conditionHolds(condition: AutomationCondition, facts: AutomationFacts): boolean {
  switch (condition.type) {
    case 'message_contains':
      return wordFound(facts.text, condition.words) !== null;
    case 'message_not_contains':
      return wordFound(facts.text, condition.words) === null;
    case 'first_message':
      return facts.firstMessage;
    case 'channel':
      return condition.channel_ids.includes(facts.channelId);
    case 'contact_field':
      return fieldHolds(condition, facts);
    case 'handoff_reason':
      return facts.handoffReason !== null && condition.reasons.includes(facts.handoffReason);
    case 'waited':
      return facts.waitedMinutes !== null && facts.waitedMinutes >= condition.minutes;
  }
}

/** A rule of the trigger whose every condition holds (a rule without conditions always does). */
export function ruleMatches(
  rule: { trigger: AutomationTrigger; conditions: readonly AutomationCondition[] },
  facts: AutomationFacts,
): boolean {
  return rule.trigger === facts.trigger && rule.conditions.every((condition) => conditionHolds(condition, facts));
}
