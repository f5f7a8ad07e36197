import type { PreChatFieldName, PreChatForm } from './protocol';

/**
 * The web channel's pre-chat form as its settings keep it (`settings.preChat`): for each detail
 * whether the form asks for it, and the channel's line above the fields. Pure: the widget's config,
 * the channel form's presenter and the endpoint that takes the answers read it the same way.
 */

export const preChatAsks = ['off', 'optional', 'required'] as const;
export type PreChatAsk = (typeof preChatAsks)[number];

export interface PreChatSettings {
  name: PreChatAsk;
  email: PreChatAsk;
  phone: PreChatAsk;
  message: string;
}

/** The form's fields, in the order it shows them. */
export const preChatFieldNames: readonly PreChatFieldName[] = ['name', 'email', 'phone'];

const askOf = (value: unknown): PreChatAsk =>
  typeof value === 'string' && (preChatAsks as readonly string[]).includes(value) ? (value as PreChatAsk) : 'off';

/** A channel's pre-chat settings; none saved is a form that asks for nothing. */
export function preChatSettings(settings: Record<string, unknown>): PreChatSettings {
  const saved = (settings.preChat && typeof settings.preChat === 'object' ? settings.preChat : {}) as Record<
    string,
    unknown
  >;
  return {
    name: askOf(saved.name),
    email: askOf(saved.email),
    phone: askOf(saved.phone),
    message: typeof saved.message === 'string' ? saved.message : '',
  };
}

/** The form the widget shows, or null when the channel asks for no detail. */
export function preChatForm(settings: Record<string, unknown>): PreChatForm | null {
  const saved = preChatSettings(settings);
  const fields = preChatFieldNames
    .filter((name) => saved[name] !== 'off')
    .map((name) => ({ name, required: saved[name] === 'required' }));
  return fields.length === 0 ? null : { message: saved.message, fields };
}
