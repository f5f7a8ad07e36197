import { useState } from 'react';
import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';
import { mergedThread, withCreated, withDelta, withEarlier, withUpdated, type MessageDeltaEvent } from './live-thread';
import { conversationEvents, type ConversationDetail, type Message } from './types';

interface LiveState {
  /** The props this state last took in. */
  fromConversation: ConversationDetail;
  fromMessages: Message[];
  conversation: ConversationDetail;
  messages: Message[];
  /** What the last load of earlier messages found: the oldest it brought, and whether there are older ones. */
  earliest: { id: number; more: boolean } | null;
}

/** The thread going back: whether older messages exist, loading them, and a load that failed. */
export interface EarlierMessages {
  more: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

function synced(state: LiveState, conversation: ConversationDetail, messages: Message[]): LiveState {
  if (state.conversation.id !== conversation.id) {
    return { fromConversation: conversation, fromMessages: messages, conversation, messages, earliest: null };
  }
  return {
    ...state,
    fromConversation: conversation,
    fromMessages: messages,
    conversation: state.fromConversation === conversation ? state.conversation : conversation,
    messages: state.fromMessages === messages ? state.messages : mergedThread(messages, state.messages),
  };
}

/**
 * A conversation and its thread as they are now: the page's props, then what
 * `private-conversations.{id}` says (messages created, updated and streamed; the conversation
 * changed). New props (after an action, a reload) take over from the events they include. Earlier
 * messages the reader loads stay in front of the thread across reloads.
 */
export function useLiveConversation(conversation: ConversationDetail, messages: Message[], hasEarlier = false) {
  const [state, setState] = useState<LiveState>(() => ({
    fromConversation: conversation,
    fromMessages: messages,
    conversation,
    messages,
    earliest: null,
  }));
  // Which conversation's earlier messages are loading, or failed to load (another one's do not count).
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [failedId, setFailedId] = useState<number | null>(null);

  let current = state;
  if (state.fromConversation !== conversation || state.fromMessages !== messages) {
    current = synced(state, conversation, messages);
    setState(current);
  }

  const id = conversation.id;
  const catchUp = useLiveReload(['conversation', 'messages', 'has_earlier']);
  const thread = (change: (messages: Message[], state: LiveState) => Message[]) =>
    setState((live) => (live.conversation.id === id ? { ...live, messages: change(live.messages, live) } : live));

  useChannel(`conversations.${id}`, {
    events: {
      [conversationEvents.messageCreated]: (event: { message?: Message }) => {
        if (event?.message) thread((list) => withCreated(list, event.message!));
      },
      [conversationEvents.messageUpdated]: (event: { message?: Message }) => {
        if (event?.message) thread((list) => withUpdated(list, event.message!));
      },
      [conversationEvents.messageDelta]: (event: MessageDeltaEvent) => {
        if (typeof event?.id !== 'number' || typeof event.text !== 'string') return;
        thread((list, live) => withDelta(list, event, live.conversation.bot?.name ?? null));
      },
      [conversationEvents.updated]: (event: { conversation?: ConversationDetail }) => {
        const next = event?.conversation;
        if (next && next.id === id)
          setState((live) => (live.conversation.id === id ? { ...live, conversation: next } : live));
      },
    },
    // Messages written before the subscription (or while the socket was down) were not heard.
    onSubscribed: catchUp,
  });

  const first = current.messages[0]?.id;
  // The thread starts where the last load of earlier messages ended, or where the page's did.
  const more = current.earliest !== null && current.earliest.id === first ? current.earliest.more : hasEarlier;
  const loading = loadingId === id;
  const load = () => {
    if (loading || first === undefined) return;
    setLoadingId(id);
    setFailedId(null);
    requestJson<{ messages: Message[]; has_earlier: boolean }>(
      'GET',
      route('conversations.messages.index', { conversation: id, before: first }),
    )
      .then((page) =>
        setState((live) =>
          live.conversation.id === id
            ? {
                ...live,
                messages: withEarlier(live.messages, page.messages),
                earliest: { id: page.messages[0]?.id ?? first, more: page.has_earlier && page.messages.length > 0 },
              }
            : live,
        ),
      )
      .catch(() => setFailedId(id))
      .finally(() => setLoadingId((current) => (current === id ? null : current)));
  };

  const earlier: EarlierMessages = { more, loading, failed: failedId === id, load };
  return { conversation: current.conversation, messages: current.messages, earlier };
}
