import type { WidgetAttachment, WidgetMessage } from '../../../server/channels/web/protocol';

/**
 * The chat's message list as a pure reducer: the server's history, the visitor's optimistic
 * messages (known by their clientId until the server gives them an id), bot replies growing
 * through message.delta, and duplicates (a realtime echo of what the POST already returned, a
 * history refetched after a reconnect) folded into one entry by id or clientId.
 *
 * Order: messages the server knows sort by id (ids grow in the order the server wrote them);
 * messages still on their way stay at the end in the order they were typed.
 */

export type DeliveryStatus = 'sent' | 'sending' | 'failed';

export interface ChatMessage extends Omit<WidgetMessage, 'id'> {
  /** The server's id; null while an optimistic message is on its way. */
  id: number | null;
  status: DeliveryStatus;
}

export type MessageAction =
  | { type: 'reset'; messages: WidgetMessage[] }
  | { type: 'merge'; messages: WidgetMessage[] }
  | {
      type: 'optimistic';
      clientId: string;
      text: string;
      createdAt: string;
      /** A file on its way (its index 0). */
      attachments?: WidgetAttachment[];
    }
  | { type: 'failed'; clientId: string }
  | { type: 'retry'; clientId: string }
  | { type: 'created'; message: WidgetMessage }
  | { type: 'delta'; id: number; mode: 'delta' | 'replace'; text: string; createdAt: string }
  | { type: 'feedback'; id: number; value: 'up' | 'down' | null };

/** A stable key for an entry (its DOM node survives the optimistic copy being confirmed). */
export function messageKey(message: ChatMessage): string {
  return message.clientId ? `c:${message.clientId}` : `m:${message.id}`;
}

function compare(a: ChatMessage, b: ChatMessage): number {
  if (a.id !== null && b.id !== null) return a.id - b.id;
  if (a.id !== null) return -1;
  if (b.id !== null) return 1;
  return 0;
}

const sorted = (messages: ChatMessage[]) => [...messages].sort(compare);

function fromServer(message: WidgetMessage): ChatMessage {
  return { ...message, status: 'sent' };
}

/** The list with the server's `message` in it: merged into its entry (by id, then clientId) or added. */
function upsert(messages: ChatMessage[], message: WidgetMessage): ChatMessage[] {
  let index = messages.findIndex((entry) => entry.id === message.id);
  if (index < 0 && message.clientId) {
    index = messages.findIndex((entry) => entry.id === null && entry.clientId === message.clientId);
  }
  if (index < 0) return sorted([...messages, fromServer(message)]);
  const existing = messages[index];
  const merged: ChatMessage = {
    ...existing,
    ...message,
    clientId: existing.clientId ?? message.clientId,
    feedback: message.feedback === undefined ? existing.feedback : message.feedback,
    // Each copy states the message's whole state: one without the flag is a finished reply.
    streaming: message.streaming ?? false,
    status: 'sent',
  };
  // A copy of a reply still being written that is older than what the deltas made so far.
  if (existing.streaming && message.streaming && existing.text.length > message.text.length) {
    merged.text = existing.text;
  }
  const next = [...messages];
  next[index] = merged;
  return sorted(next);
}

export function reduceMessages(messages: ChatMessage[], action: MessageAction): ChatMessage[] {
  switch (action.type) {
    case 'reset':
      return sorted(dedupe(action.messages).map(fromServer));
    case 'merge':
      return action.messages.reduce(upsert, messages);
    case 'optimistic':
      if (messages.some((entry) => entry.clientId === action.clientId)) return messages;
      return [
        ...messages,
        {
          id: null,
          clientId: action.clientId,
          sender: 'contact',
          text: action.text,
          createdAt: action.createdAt,
          ...(action.attachments ? { attachments: action.attachments } : {}),
          status: 'sending',
        },
      ];
    case 'failed':
    case 'retry': {
      const status: DeliveryStatus = action.type === 'failed' ? 'failed' : 'sending';
      return messages.map((entry) =>
        entry.id === null && entry.clientId === action.clientId ? { ...entry, status } : entry,
      );
    }
    case 'created':
      return upsert(messages, action.message);
    case 'delta': {
      const index = messages.findIndex((entry) => entry.id === action.id);
      if (index < 0) {
        return sorted([
          ...messages,
          {
            id: action.id,
            sender: 'bot',
            text: action.text,
            createdAt: action.createdAt,
            streaming: true,
            status: 'sent',
          },
        ]);
      }
      const existing = messages[index];
      const next = [...messages];
      next[index] = { ...existing, text: action.mode === 'replace' ? action.text : existing.text + action.text };
      return next;
    }
    case 'feedback':
      return messages.map((entry) => (entry.id === action.id ? { ...entry, feedback: action.value } : entry));
  }
}

/** The server's list with each id once (the last copy wins). */
function dedupe(messages: WidgetMessage[]): WidgetMessage[] {
  const byId = new Map<number, WidgetMessage>();
  for (const message of messages) byId.set(message.id, message);
  return [...byId.values()];
}

/** Whether the visitor has written anything yet (suggested questions show until then). */
export function visitorHasWritten(messages: ChatMessage[]): boolean {
  return messages.some((entry) => entry.sender === 'contact');
}
