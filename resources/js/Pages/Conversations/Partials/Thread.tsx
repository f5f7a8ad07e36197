import { Fragment, useLayoutEffect, useRef } from 'react';
import { formatDay, formatIsoDay, sameDay } from '@/lib/dates';
import MessageItem from './MessageItem';
import type { Message, Teammate } from './types';
import { useNow } from './use-now';

/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 120;

/**
 * The messages, oldest first, in a scrolling box that opens at the newest, each day opened by its
 * date (Today, Yesterday, Monday, October 5, 2026), since a message shows only its time. When
 * messages come in (or a reply grows) the box follows them only while the reader is at the bottom,
 * so reading back is never interrupted.
 */
export default function Thread({
  messages,
  contactName,
  teammates = [],
  userId = null,
}: {
  messages: Message[];
  contactName: string;
  /** Whose "@Name" a note's mentions mark. */
  teammates?: Teammate[];
  /** The reader: a mention of them stands out more. */
  userId?: number | null;
}) {
  const box = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  // Today and Yesterday move on at midnight.
  const now = useNow(60_000);

  useLayoutEffect(() => {
    const element = box.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [messages]);

  const follow = () => {
    const element = box.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
  };

  return (
    <ol
      ref={box}
      onScroll={follow}
      aria-label="Messages"
      className="h-[32rem] space-y-4 overflow-y-auto px-4 py-5 sm:px-6 lg:h-[calc(100vh-22rem)] lg:min-h-96"
    >
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
          <MessageItem message={message} contactName={contactName} teammates={teammates} userId={userId} />
        </Fragment>
      ))}
    </ol>
  );
}
