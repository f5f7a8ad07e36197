/**
 * Variables a saved reply may hold, filled in when it is put into the reply box: "Halo Kak
 * {{contact.first_name}}, saya {{agent.first_name}}." A fallback after a bar stands in for an
 * unknown value: "{{contact.first_name | Kak}}". Written without the dots' spaces or with them; the
 * names are Chatwoot's and Intercom's in spirit, in lower case.
 */
export const replyVariables = {
  'contact.name': "The contact's name",
  'contact.first_name': "The first word of the contact's name",
  'contact.phone': "The contact's phone number",
  'contact.email': "The contact's e-mail address",
  'agent.name': 'Your name',
  'agent.first_name': 'Your first name',
  'conversation.number': "The conversation's number",
} as const;

export type ReplyVariable = keyof typeof replyVariables;

import { formatPhone } from '../../../resources/js/lib/phone';
import { fieldValueText, type ContactFieldShape } from '../contacts/field-values';

/** A team's contact field as a variable: `contact.kota`. */
export const fieldVariable = (key: string) => `contact.${key}`;

/** Every variable a team's texts may hold, with what it stands for: Kawan's, then its fields'. */
export function variablesOf(fields: readonly Pick<ContactFieldShape, 'key' | 'label'>[]): [string, string][] {
  return [
    ...Object.entries(replyVariables),
    ...fields.map((field): [string, string] => [fieldVariable(field.key), `The contact's ${field.label}`]),
  ];
}

/** `{{ name }}` or `{{ name | fallback }}`: a name of letters, digits, dots and underscores. */
const placeholder = /\{\{\s*([A-Za-z0-9_.]+)\s*(?:\|\s*([^{}|]*?)\s*)?\}\}/g;

const known = (name: string): name is ReplyVariable => Object.hasOwn(replyVariables, name);

/** The names a text uses that are not variables (Kawan's, or the team's fields' keys), each once, in the order written. */
export function unknownVariables(text: string, fieldKeys: readonly string[] = []): string[] {
  const fieldNames = new Set(fieldKeys.map(fieldVariable));
  const names = [...text.matchAll(placeholder)]
    .map((match) => match[1])
    .filter((name) => !known(name.toLowerCase()) && !fieldNames.has(name.toLowerCase()));
  return [...new Set(names)];
}

/** The names a text uses that these values cannot fill: not Kawan's, nor a field given (one deleted since). */
export function unfilledVariables(text: string, values: Partial<Record<string, string | null>>): string[] {
  return unknownVariables(text).filter((name) => !Object.hasOwn(values, name.toLowerCase()));
}

/** Why a text's variables cannot be filled in (names that are none, and those that are), or null. */
export function unknownVariablesMessage(text: string, fieldKeys: readonly string[] = []): string | null {
  const unknown = unknownVariables(text, fieldKeys);
  if (unknown.length === 0) return null;
  const names = (list: readonly string[]) => list.map((name) => `{{${name}}}`).join(', ');
  return `${names(unknown)} ${unknown.length === 1 ? 'is not a variable' : 'are not variables'}. Use ${names([...Object.keys(replyVariables), ...fieldKeys.map(fieldVariable)])}.`;
}

/**
 * Each variable's value for a contact, the teammate writing (or on whose behalf a broadcast goes)
 * and the conversation: the phone as the pages show it, a first name from the name.
 */
export function variableValues(
  contact: { name: string | null; phone: string | null; email: string | null; attributes?: Record<string, unknown> },
  agentName: string | null,
  conversationNumber: number | string | null,
  fields: readonly ContactFieldShape[] = [],
  /** The language the message is written in: a field's number, date or yes/no is written so. */
  language: 'id' | 'en' = 'id',
): VariableValues {
  const values: VariableValues = {
    'contact.name': contact.name,
    'contact.first_name': firstName(contact.name),
    'contact.phone': contact.phone ? formatPhone(contact.phone) : null,
    'contact.email': contact.email,
    'agent.name': agentName,
    'agent.first_name': firstName(agentName),
    'conversation.number': conversationNumber === null ? null : String(conversationNumber),
  };
  for (const field of fields) {
    values[fieldVariable(field.key)] = fieldValueText(field, contact.attributes?.[field.key], language);
  }
  return values;
}

/** Each variable's value (Kawan's, and `contact.<key>` for the team's fields): null for none. */
export type VariableValues = Record<ReplyVariable, string | null> & Record<string, string | null>;

/**
 * The text with each variable's value, its fallback when the value is empty or unknown, or nothing
 * (and then no space left before the punctuation or the end after it: "Halo Kak {{x}}," → "Halo
 * Kak,"); whatever is not a variable stays as written.
 */
export function fillVariables(text: string, values: Partial<Record<string, string | null>>): string {
  let filled = '';
  let from = 0;
  for (const match of text.matchAll(placeholder)) {
    const [whole, name, fallback] = match;
    filled += text.slice(from, match.index);
    from = match.index + whole.length;
    const key = name.toLowerCase();
    // Kawan's variables and the team's fields' (given among the values, even when empty).
    if (!known(key) && !Object.hasOwn(values, key)) {
      filled += whole;
      continue;
    }
    const value = values[key]?.trim() || fallback || '';
    if (value === '' && filled.endsWith(' ') && /^(?:[,.!?;:]|$)/.test(text.slice(from))) filled = filled.slice(0, -1);
    filled += value;
  }
  return filled + text.slice(from);
}

/** The first word of a name ("Budi" of "Budi Santoso"), or null. */
export function firstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}
