import { describe, expect, it } from 'vitest';
import type { WidgetMessage } from '../../../server/channels/web/protocol';
import {
  messageKey,
  reduceMessages,
  visitorHasWritten,
  type ChatMessage,
  type MessageAction,
} from '../../../resources/widget/panel/messages';

const at = '2025-01-01T10:00:00.000Z';
const message = (id: number, sender: WidgetMessage['sender'], text: string, extra: Partial<WidgetMessage> = {}) =>
  ({ id, sender, text, createdAt: at, ...extra }) as WidgetMessage;
const apply = (actions: MessageAction[], start: ChatMessage[] = []) => actions.reduce(reduceMessages, start);
const texts = (messages: ChatMessage[]) => messages.map((entry) => `${entry.id ?? '-'}:${entry.text}`);

describe('reduceMessages', () => {
  it('starts from the server history, ordered by id, each id once', () => {
    const state = apply([
      { type: 'reset', messages: [message(3, 'bot', 'c'), message(1, 'contact', 'a'), message(3, 'bot', 'c2')] },
    ]);
    expect(texts(state)).toEqual(['1:a', '3:c2']);
    expect(state.every((entry) => entry.status === 'sent')).toBe(true);
  });

  it('shows an optimistic message at once and folds the POST answer and the realtime echo into it', () => {
    let state = apply([
      { type: 'reset', messages: [message(1, 'bot', 'Hi')] },
      { type: 'optimistic', clientId: 'u1', text: 'Opening hours?', createdAt: at },
    ]);
    expect(state[1]).toMatchObject({ id: null, clientId: 'u1', sender: 'contact', status: 'sending' });
    const key = messageKey(state[1]);

    state = reduceMessages(state, {
      type: 'created',
      message: message(2, 'contact', 'Opening hours?', { clientId: 'u1' }),
    });
    expect(texts(state)).toEqual(['1:Hi', '2:Opening hours?']);
    expect(state[1].status).toBe('sent');
    expect(messageKey(state[1])).toBe(key);

    // The same message again over realtime: still one entry.
    state = reduceMessages(state, {
      type: 'created',
      message: message(2, 'contact', 'Opening hours?', { clientId: 'u1' }),
    });
    expect(state).toHaveLength(2);
  });

  it('matches the echo by clientId even when the realtime event beats the POST answer', () => {
    const state = apply([
      { type: 'optimistic', clientId: 'u1', text: 'one', createdAt: at },
      { type: 'optimistic', clientId: 'u2', text: 'two', createdAt: at },
      { type: 'created', message: message(8, 'contact', 'two', { clientId: 'u2' }) },
      { type: 'created', message: message(7, 'contact', 'one', { clientId: 'u1' }) },
      { type: 'created', message: message(8, 'contact', 'two', { clientId: 'u2' }) },
    ]);
    expect(texts(state)).toEqual(['7:one', '8:two']);
  });

  it('keeps messages on their way after the ones the server knows, in the order typed', () => {
    const state = apply([
      { type: 'optimistic', clientId: 'u1', text: 'first', createdAt: at },
      { type: 'optimistic', clientId: 'u2', text: 'second', createdAt: at },
      { type: 'created', message: message(5, 'bot', 'earlier reply') },
    ]);
    expect(texts(state)).toEqual(['5:earlier reply', '-:first', '-:second']);
    // The same clientId twice (a double submit) stays one message.
    expect(reduceMessages(state, { type: 'optimistic', clientId: 'u1', text: 'first', createdAt: at })).toBe(state);
  });

  it('marks a failed send and sends it again under the same clientId', () => {
    let state = apply([
      { type: 'optimistic', clientId: 'u1', text: 'hello', createdAt: at },
      { type: 'failed', clientId: 'u1' },
    ]);
    expect(state[0].status).toBe('failed');
    state = reduceMessages(state, { type: 'retry', clientId: 'u1' });
    expect(state[0].status).toBe('sending');
  });

  it('grows a streamed reply with deltas, replaces it on replace, and takes the final copy', () => {
    let state = apply([
      { type: 'created', message: message(4, 'bot', '', { streaming: true }) },
      { type: 'delta', id: 4, mode: 'delta', text: 'We open ', createdAt: at },
      { type: 'delta', id: 4, mode: 'delta', text: 'at 9', createdAt: at },
    ]);
    expect(state[0]).toMatchObject({ text: 'We open at 9', streaming: true });
    state = reduceMessages(state, { type: 'delta', id: 4, mode: 'replace', text: 'We open at 10.', createdAt: at });
    expect(state[0].text).toBe('We open at 10.');
    state = reduceMessages(state, {
      type: 'created',
      message: message(4, 'bot', 'We open at **10**.', { streaming: false, citations: [{ title: 'Hours' }] }),
    });
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ text: 'We open at **10**.', streaming: false, citations: [{ title: 'Hours' }] });
  });

  it('takes a copy without the streaming flag as the finished reply', () => {
    const state = apply([
      { type: 'created', message: message(4, 'bot', '', { streaming: true }) },
      { type: 'delta', id: 4, mode: 'delta', text: 'Done', createdAt: at },
      { type: 'created', message: message(4, 'bot', 'Done.') },
    ]);
    expect(state[0]).toMatchObject({ text: 'Done.', streaming: false });
  });

  it('keeps the streamed text when an older copy of the reply arrives late', () => {
    const state = apply([
      { type: 'created', message: message(4, 'bot', '', { streaming: true }) },
      { type: 'delta', id: 4, mode: 'delta', text: 'Hello there', createdAt: at },
      { type: 'merge', messages: [message(4, 'bot', 'Hello', { streaming: true })] },
    ]);
    expect(state[0].text).toBe('Hello there');
  });

  it('starts a reply from a delta whose message.created was missed', () => {
    const state = apply([
      { type: 'reset', messages: [message(1, 'contact', 'hi'), message(3, 'contact', 'later')] },
      { type: 'delta', id: 2, mode: 'delta', text: 'Hel', createdAt: at },
    ]);
    expect(texts(state)).toEqual(['1:hi', '2:Hel', '3:later']);
    expect(state[1]).toMatchObject({ sender: 'bot', streaming: true });
  });

  it('merges a refetched history without losing local feedback or messages on their way', () => {
    const state = apply([
      { type: 'reset', messages: [message(1, 'bot', 'a')] },
      { type: 'feedback', id: 1, value: 'up' },
      { type: 'optimistic', clientId: 'u9', text: 'pending', createdAt: at },
      { type: 'merge', messages: [message(1, 'bot', 'a'), message(2, 'agent', 'b', { senderName: 'Dewi' })] },
    ]);
    expect(texts(state)).toEqual(['1:a', '2:b', '-:pending']);
    expect(state[0].feedback).toBe('up');
    expect(state[1].senderName).toBe('Dewi');
  });

  it('sets and clears feedback on one message only', () => {
    let state = apply([{ type: 'reset', messages: [message(1, 'bot', 'a'), message(2, 'bot', 'b')] }]);
    state = reduceMessages(state, { type: 'feedback', id: 2, value: 'down' });
    expect(state.map((entry) => entry.feedback)).toEqual([undefined, 'down']);
    state = reduceMessages(state, { type: 'feedback', id: 2, value: null });
    expect(state[1].feedback).toBeNull();
  });

  it('knows whether the visitor has written', () => {
    expect(visitorHasWritten(apply([{ type: 'reset', messages: [message(1, 'bot', 'hi')] }]))).toBe(false);
    expect(visitorHasWritten(apply([{ type: 'optimistic', clientId: 'u', text: 'x', createdAt: at }]))).toBe(true);
  });
});
