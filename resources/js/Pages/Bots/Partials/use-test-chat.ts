import { useCallback, useRef, useState } from 'react';
import { useChannel } from '@/hooks/use-channel';
import { JsonRequestError, requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';
import type { BotReplyDeltaEvent, ChatResponse, Turn } from './types';

export type ChatEntry =
  | { id: number; role: 'user'; text: string }
  | { id: number; role: 'bot'; text: string; status: 'pending' | 'done'; turn: Turn | null };

/** What the person is told when a message got no answer. */
export function chatFailure(error: unknown): string {
  if (error instanceof JsonRequestError) {
    const body = (error.body ?? {}) as { message?: string; errors?: Record<string, string[] | string> };
    if (error.status === 422) {
      const first = Object.values(body.errors ?? {})[0];
      return (Array.isArray(first) ? first[0] : first) ?? body.message ?? 'The message is not valid.';
    }
    if (error.status === 429) return 'Too many messages at once; wait a moment and try again.';
    if (error.status === 404) return 'This bot no longer exists.';
    if (error.status === 419) return 'Your session has expired; reload the page and try again.';
    if (error.status === 502 && body.message) return body.message;
  }
  return 'The message could not be answered. Check your connection and try again.';
}

/**
 * The test chat's conversation with the bot's draft. A message is POSTed to bots.chat; while the
 * server answers, the reply streams as `BotReplyDelta` events on the user's private channel, and
 * the pending bubble grows with them. The `request` of a reply is only known from its first delta
 * (and the thread of a first message only from the answer), so the pending message follows the
 * first delta of this bot in its thread and then that request alone. The JSON answer then brings
 * the whole turn, which replaces the streamed text; late deltas of a finished request are ignored.
 */
export function useTestChat(botId: number, userId: number | null) {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [sending, setSending] = useState(false);
  const session = useRef({
    thread: null as string | null,
    pending: null as { entryId: number; request: string | null } | null,
    /** Requests answered, and threads left by "Start over": their deltas are stale. */
    finished: new Set<string>(),
    leftThreads: new Set<string>(),
    /** Bumped by "Start over", so that an answer to the old conversation is dropped. */
    generation: 0,
    nextId: 1,
  });

  useChannel(userId === null ? null : `App.Models.User.${userId}`, {
    events: {
      BotReplyDelta: (event: BotReplyDeltaEvent) => {
        const current = session.current;
        const pending = current.pending;
        if (!pending || event.bot_id !== botId) return;
        if (current.finished.has(event.request) || current.leftThreads.has(event.thread)) return;
        if (current.thread !== null && event.thread !== current.thread) return;
        if (pending.request !== null && event.request !== pending.request) return;
        pending.request = event.request;
        const { entryId } = pending;
        setEntries((list) =>
          list.map((entry) =>
            entry.id === entryId && entry.role === 'bot' && entry.status === 'pending'
              ? { ...entry, text: event.type === 'replace' ? event.text : entry.text + event.text }
              : entry,
          ),
        );
      },
    },
  });

  /** Sends a message; resolves with null once answered, or with what went wrong. */
  const send = useCallback(
    async (message: string, customer?: Record<string, string>): Promise<string | null> => {
      const current = session.current;
      if (current.pending) return 'Wait for the answer to the last message.';
      const generation = current.generation;
      const question = { id: current.nextId++, role: 'user' as const, text: message };
      const reply = { id: current.nextId++, role: 'bot' as const, text: '', status: 'pending' as const, turn: null };
      current.pending = { entryId: reply.id, request: null };
      setEntries((list) => [...list, question, reply]);
      setSending(true);

      const settle = () => {
        if (current.pending?.request) current.finished.add(current.pending.request);
        current.pending = null;
        setSending(false);
      };
      try {
        const answer = await requestJson<ChatResponse>('POST', route('bots.chat', botId), {
          message,
          ...(current.thread ? { thread: current.thread } : {}),
          ...(customer && Object.values(customer).some((value) => value.trim() !== '') ? { customer } : {}),
        });
        if (generation !== current.generation) return null;
        current.thread = answer.thread;
        if (answer.turn.trace?.request) current.finished.add(answer.turn.trace.request);
        settle();
        setEntries((list) =>
          list.map((entry) =>
            entry.id === reply.id ? { ...reply, text: answer.turn.reply, status: 'done', turn: answer.turn } : entry,
          ),
        );
        return null;
      } catch (error) {
        if (generation !== current.generation) return null;
        settle();
        // Not answered: the message goes back to the input, to be sent again.
        setEntries((list) => list.filter((entry) => entry.id !== question.id && entry.id !== reply.id));
        return chatFailure(error);
      }
    },
    [botId],
  );

  /** A new conversation: a new thread, the old one's answers and deltas dropped. */
  const startOver = useCallback(() => {
    const current = session.current;
    if (current.thread) current.leftThreads.add(current.thread);
    if (current.pending?.request) current.finished.add(current.pending.request);
    current.thread = null;
    current.pending = null;
    current.generation += 1;
    setEntries([]);
    setSending(false);
  }, []);

  /** Puts a turn changed since (its feedback) in its bubble. */
  const updateTurn = useCallback((turn: Turn) => {
    setEntries((list) =>
      list.map((entry) => (entry.role === 'bot' && entry.turn?.id === turn.id ? { ...entry, turn } : entry)),
    );
  }, []);

  return { entries, sending, send, startOver, updateTurn };
}
