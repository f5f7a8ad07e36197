import { useCallback, useEffect, useRef, useState } from 'react';
import { useChannel } from '@/hooks/use-channel';
import { requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';

/** While the agent keeps writing, "typing" is said again this often (the others forget it after `forgetMs`). */
export const repeatMs = 3_000;
/** Stopped writing for this long: "stopped" is said. */
export const idleMs = 4_000;
/** A "typing" not heard again for this long is forgotten (a lost "stopped", a closed tab). */
export const forgetMs = 8_000;

/**
 * Tells the conversation's visitor and teammates that this agent is writing a reply:
 * `changed(text)` on each change of the reply box, `stopped()` when it is sent or left. Says
 * "typing" at most every `repeatMs`, and "stopped" after `idleMs` without a change, on leaving the
 * page or on switching to a note. Failures are ignored: it is a courtesy, not a message.
 */
export function useTypingSignal(conversationId: number) {
  const state = useRef({ typing: false, lastSaid: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });
  const say = useCallback(
    (typing: boolean) => {
      requestJson('POST', route('conversations.typing', { conversation: conversationId }), { typing }).catch(
        () => undefined,
      );
    },
    [conversationId],
  );

  const stopped = useCallback(() => {
    const current = state.current;
    clearTimeout(current.idle);
    if (!current.typing) return;
    current.typing = false;
    current.lastSaid = 0;
    say(false);
  }, [say]);

  const changed = useCallback(
    (text: string) => {
      if (text.trim() === '') return stopped();
      const current = state.current;
      const now = Date.now();
      if (!current.typing || now - current.lastSaid >= repeatMs) {
        current.typing = true;
        current.lastSaid = now;
        say(true);
      }
      clearTimeout(current.idle);
      current.idle = setTimeout(stopped, idleMs);
    },
    [say, stopped],
  );

  useEffect(() => stopped, [stopped]);
  return { changed, stopped };
}

interface Typist {
  key: string;
  words: string;
}

/**
 * Who is writing in the conversation right now, as the thread's foot says it: the widget's visitor
 * ("Rina is typing…") and teammates writing a reply ("Budi is writing a reply…"), never oneself.
 */
export function useTypists(conversationId: number, userId: number | null, contactName: string): Typist[] {
  const [typists, setTypists] = useState<Typist[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const heard = (key: string, words: string, typing: boolean) => {
    const others = (list: Typist[]) => list.filter((typist) => typist.key !== key);
    clearTimeout(timers.current.get(key));
    setTypists((list) => (typing ? [...others(list), { key, words }] : others(list)));
    if (typing)
      timers.current.set(
        key,
        setTimeout(() => setTypists(others), forgetMs),
      );
  };

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  useChannel(`conversations.${conversationId}`, {
    events: {
      ContactTyping: (event: { typing?: unknown }) =>
        heard('contact', `${contactName} is typing…`, event?.typing === true),
      AgentTyping: (event: { user_id?: unknown; name?: unknown; typing?: unknown }) => {
        if (typeof event?.user_id !== 'number' || event.user_id === userId) return;
        const name = typeof event.name === 'string' ? event.name : 'A teammate';
        heard(`agent:${event.user_id}`, `${name} is writing a reply…`, event.typing === true);
      },
    },
  });

  return typists;
}

/** The thread's foot: who is writing now, politely announced to screen readers. */
export function TypingLine({ typists }: { typists: Typist[] }) {
  return (
    <p
      role="status"
      aria-live="polite"
      aria-label="Writing now"
      className="min-h-5 px-4 pb-1 text-xs text-gray-500 italic sm:px-6"
    >
      {typists.map((typist) => typist.words).join(' ')}
    </p>
  );
}
