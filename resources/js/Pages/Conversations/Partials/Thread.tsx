import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatDay, formatIsoDay, sameDay } from '@/lib/dates';
import MessageItem, { type ResendControl } from './MessageItem';
import type { Message, Teammate } from './types';
import type { EarlierMessages } from './use-live-conversation';
import { useNow } from './use-now';

/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 120;
/** How close to the top (px) a reader scrolling back has to come for earlier messages to load. */
const NEAR_TOP_PX = 80;
/** How long a message the inbox's search found stays marked once shown. */
const FOCUS_MARK_MS = 6000;

/**
 * The messages, oldest first, in a scrolling box that opens at the newest, each day opened by its
 * date (Today, Yesterday, Monday, October 5, 2026), since a message shows only its time. When
 * messages come in (or a reply grows) the box follows them only while the reader is at the bottom,
 * so reading back is never interrupted. Scrolling back to the top loads earlier messages (a button
 * does the same) without moving what the reader sees; a message to focus (a search hit) is loaded
 * if need be, scrolled to and marked.
 */
export default function Thread({
  messages,
  contactName,
  botName = null,
  teammates = [],
  userId = null,
  earlier,
  focusId = null,
  resend,
}: {
  messages: Message[];
  contactName: string;
  /** The conversation's bot, by whose name its replies go (as those written live do). */
  botName?: string | null;
  /** Whose "@Name" a note's mentions mark. */
  teammates?: Teammate[];
  /** The reader: a mention of them stands out more. */
  userId?: number | null;
  /** Older messages than the first one shown, and how to load them. */
  earlier?: EarlierMessages;
  /** A message to go back to, show and mark. */
  focusId?: number | null;
  /** Sending failed messages again (whoever answers). */
  resend?: ResendControl;
}) {
  const box = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  // The first message and the box's height when the thread last changed: earlier messages put in
  // front move the box's content down by what they add, and the view is moved back by as much.
  const previous = useRef<{ first: number | undefined; height: number } | null>(null);
  const focused = useRef<number | null>(null);
  const [marked, setMarked] = useState<number | null>(null);
  // Today and Yesterday move on at midnight.
  const now = useNow(60_000);
  const first = messages[0]?.id;
  const focusShown = focusId !== null && messages.some((message) => message.id === focusId);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = previous.current;
    if (focusShown && focused.current !== focusId) {
      focused.current = focusId;
      stick.current = false;
      // The box scrolls to it, not the page (scrollIntoView would move the window too).
      const target = element.querySelector(`#message-${focusId}`);
      if (target) {
        const offset = target.getBoundingClientRect().top - element.getBoundingClientRect().top;
        element.scrollTop += offset - (element.clientHeight - target.clientHeight) / 2;
      }
      setMarked(focusId);
    } else if (stick.current) {
      element.scrollTop = element.scrollHeight;
    } else if (before && first !== undefined && before.first !== undefined && first < before.first) {
      element.scrollTop += element.scrollHeight - before.height;
    }
    previous.current = { first, height: element.scrollHeight };
  }, [messages, first, focusId, focusShown]);

  // A focused message older than the thread holds: load back until it is there.
  const wanted = focusId !== null && !focusShown;
  const { more = false, loading = false, failed = false, load } = earlier ?? {};
  useEffect(() => {
    if (wanted && more && !loading && !failed) load?.();
  }, [wanted, more, loading, failed, load, first]);

  useEffect(() => {
    if (marked === null) return;
    const timer = window.setTimeout(() => setMarked(null), FOCUS_MARK_MS);
    return () => window.clearTimeout(timer);
  }, [marked]);

  const follow = () => {
    const element = box.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX && more && !loading && !failed) load?.();
  };

  return (
    <ol
      ref={box}
      onScroll={follow}
      aria-label="Messages"
      aria-busy={loading || undefined}
      style={{ overflowAnchor: 'none' }}
      className="h-[32rem] space-y-4 overflow-y-auto px-4 py-5 sm:px-6 lg:h-[calc(100vh-22rem)] lg:min-h-96"
    >
      {more && (
        <li className="flex justify-center">
          {failed ? (
            <p className="text-xs text-red-600" role="alert">
              Earlier messages could not be loaded.{' '}
              <button
                type="button"
                onClick={load}
                className="cursor-pointer font-medium underline hover:text-red-700 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
              >
                Try again
              </button>
            </p>
          ) : (
            <button
              type="button"
              onClick={load}
              disabled={loading}
              className="cursor-pointer rounded-full bg-white px-3 py-1 text-xs font-medium text-gray-600 shadow-xs ring-1 ring-gray-300 hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden disabled:cursor-wait disabled:text-gray-400"
            >
              {loading ? 'Loading earlier messages…' : 'Load earlier messages'}
            </button>
          )}
        </li>
      )}
      {messages.length === 0 && (
        <li className="py-10 text-center text-sm text-gray-500">No messages in this conversation yet.</li>
      )}
      {messages.map((message, index) => (
        <Fragment key={message.id}>
          {(index === 0 || !sameDay(messages[index - 1].created_at, message.created_at)) && (
            <li
              role="separator"
              aria-label={formatDay(message.created_at, now)}
              className="flex items-center gap-3 py-1 text-xs font-medium text-gray-500"
            >
              <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
              <time dateTime={formatIsoDay(message.created_at)}>{formatDay(message.created_at, now)}</time>
              <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
            </li>
          )}
          <MessageItem
            message={message}
            contactName={contactName}
            botName={botName}
            teammates={teammates}
            userId={userId}
            marked={marked === message.id}
            resend={resend}
          />
        </Fragment>
      ))}
    </ol>
  );
}
