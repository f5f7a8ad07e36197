import type { Message } from './types';

/** MessageDelta on `private-conversations.{id}`: a bot reply being written. */
export interface MessageDeltaEvent {
  id: number;
  type: 'delta' | 'replace';
  text: string;
}

const index = (messages: Message[], id: number) => messages.findIndex((message) => message.id === id);

/**
 * MessageCreated: appended, or in place of the message with its id (a streamed placeholder). A
 * copy still being written keeps the longer text the deltas already brought.
 */
export function withCreated(messages: Message[], message: Message): Message[] {
  const at = index(messages, message.id);
  if (at === -1) return [...messages, message];
  const known = messages[at];
  const text = message.status === 'composing' && known.text.length > message.text.length ? known.text : message.text;
  return messages.map((item, i) => (i === at ? { ...message, text } : item));
}

/**
 * MessageUpdated: replaces the message with its id (appended when it was never seen). A status
 * change is sent without the writer's name (the send job does not look it up): the name known stays.
 */
export function withUpdated(messages: Message[], message: Message): Message[] {
  const at = index(messages, message.id);
  if (at === -1) return [...messages, message];
  return messages.map((item, i) =>
    i === at ? { ...message, sender_name: message.sender_name ?? item.sender_name } : item,
  );
}

/**
 * MessageDelta: grows (`delta`) or replaces (`replace`) the text of a reply being written; an
 * unknown id starts a placeholder bot message. A reply that has finished ignores late deltas.
 */
export function withDelta(
  messages: Message[],
  event: MessageDeltaEvent,
  botName: string | null,
  now = new Date(),
): Message[] {
  const at = index(messages, event.id);
  if (at === -1) {
    const placeholder: Message = {
      id: event.id,
      direction: 'outbound',
      sender: 'bot',
      kind: 'text',
      text: event.text,
      template_name: null,
      choices: [],
      mentions: [],
      attachments: [],
      sender_name: botName,
      status: 'composing',
      error: null,
      created_at: now.toISOString(),
      ai: null,
      feedback: null,
    };
    return [...messages, placeholder];
  }
  const known = messages[at];
  if (known.status !== 'composing') return messages;
  const text = event.type === 'replace' ? event.text : known.text + event.text;
  return messages.map((item, i) => (i === at ? { ...known, text } : item));
}

/**
 * The thread after the server sent the latest messages again (a reload, a visit back): what was held
 * before the server's oldest (earlier messages the reader loaded, or that the newer ones pushed out
 * of the latest page), the server's list, then what arrived live after its newest message and is
 * not in it yet.
 */
export function mergedThread(fromServer: Message[], live: Message[]): Message[] {
  if (fromServer.length === 0) return live.length === 0 ? fromServer : live;
  const ids = new Set(fromServer.map((message) => message.id));
  const oldest = fromServer[0].id;
  const newest = fromServer.reduce((max, message) => Math.max(max, message.id), 0);
  return [
    ...live.filter((message) => message.id < oldest),
    ...fromServer,
    ...live.filter((message) => !ids.has(message.id) && message.id > newest),
  ];
}

/** Older messages loaded before the thread's first: those it does not hold yet, in front. */
export function withEarlier(messages: Message[], earlier: Message[]): Message[] {
  const first = messages.length === 0 ? Infinity : messages[0].id;
  return [...earlier.filter((message) => message.id < first), ...messages];
}
