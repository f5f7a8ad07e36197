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

/** `{{ name }}` or `{{ name | fallback }}`: a name of letters, digits, dots and underscores. */
const placeholder = /\{\{\s*([A-Za-z0-9_.]+)\s*(?:\|\s*([^{}|]*?)\s*)?\}\}/g;

const known = (name: string): name is ReplyVariable => Object.hasOwn(replyVariables, name);

/** The names a text uses that are not variables, each once, in the order written. */
export function unknownVariables(text: string): string[] {
  const names = [...text.matchAll(placeholder)].map((match) => match[1]).filter((name) => !known(name.toLowerCase()));
  return [...new Set(names)];
}

/** Why a text's variables cannot be filled in (names that are none, and those that are), or null. */
export function unknownVariablesMessage(text: string): string | null {
  const unknown = unknownVariables(text);
  if (unknown.length === 0) return null;
  const names = (list: readonly string[]) => list.map((name) => `{{${name}}}`).join(', ');
  return `${names(unknown)} ${unknown.length === 1 ? 'is not a variable' : 'are not variables'}. Use ${names(Object.keys(replyVariables))}.`;
}

/**
 * Each variable's value for a contact, the teammate writing (or on whose behalf a broadcast goes)
 * and the conversation: the phone as the pages show it, a first name from the name.
 */
export function variableValues(
  contact: { name: string | null; phone: string | null; email: string | null },
  agentName: string | null,
  conversationNumber: number | string | null,
): Record<ReplyVariable, string | null> {
  return {
    'contact.name': contact.name,
    'contact.first_name': firstName(contact.name),
    'contact.phone': contact.phone ? formatPhone(contact.phone) : null,
    'contact.email': contact.email,
    'agent.name': agentName,
    'agent.first_name': firstName(agentName),
    'conversation.number': conversationNumber === null ? null : String(conversationNumber),
  };
}

/**
 * The text with each variable's value, its fallback when the value is empty or unknown, or nothing
 * (and then no space left before the punctuation or the end after it: "Halo Kak {{x}}," → "Halo
 * Kak,"); whatever is not a variable stays as written.
 */
export function fillVariables(text: string, values: Partial<Record<ReplyVariable, string | null>>): string {
  let filled = '';
  let from = 0;
  for (const match of text.matchAll(placeholder)) {
    const [whole, name, fallback] = match;
    filled += text.slice(from, match.index);
    from = match.index + whole.length;
    const key = name.toLowerCase();
    if (!known(key)) {
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
