import { useState } from 'react';
import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { mergedThread, withCreated, withDelta, withUpdated, type MessageDeltaEvent } from './live-thread';
import { conversationEvents, type ConversationDetail, type Message } from './types';

interface LiveState {
  /** The props this state last took in. */
  fromConversation: ConversationDetail;
  fromMessages: Message[];
  conversation: ConversationDetail;
  messages: Message[];
}

function synced(state: LiveState, conversation: ConversationDetail, messages: Message[]): LiveState {
  if (state.conversation.id !== conversation.id) {
    return { fromConversation: conversation, fromMessages: messages, conversation, messages };
  }
  return {
    fromConversation: conversation,
    fromMessages: messages,
    conversation: state.fromConversation === conversation ? state.conversation : conversation,
    messages: state.fromMessages === messages ? state.messages : mergedThread(messages, state.messages),
  };
}

/**
 * A conversation and its thread as they are now: the page's props, then what
 * `private-conversations.{id}` says (messages created, updated and streamed; the conversation
 * changed). New props (after an action, a reload) take over from the events they include.
 */
export function useLiveConversation(conversation: ConversationDetail, messages: Message[]) {
  const [state, setState] = useState<LiveState>(() => ({
    fromConversation: conversation,
    fromMessages: messages,
    conversation,
    messages,
  }));

  let current = state;
  if (state.fromConversation !== conversation || state.fromMessages !== messages) {
    current = synced(state, conversation, messages);
    setState(current);
  }

  const id = conversation.id;
  const catchUp = useLiveReload(['conversation', 'messages']);
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

  return { conversation: current.conversation, messages: current.messages };
}
