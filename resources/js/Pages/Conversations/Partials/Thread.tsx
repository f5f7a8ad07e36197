import { useLayoutEffect, useRef } from 'react';
import MessageItem from './MessageItem';
import type { Message } from './types';

/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 120;

/**
 * The messages, oldest first, in a scrolling box that opens at the newest. When messages come in
 * (or a reply grows) the box follows them only while the reader is at the bottom, so reading back
 * is never interrupted.
 */
export default function Thread({ messages, contactName }: { messages: Message[]; contactName: string }) {
  const box = useRef<HTMLOListElement>(null);
  const stick = useRef(true);

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
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} contactName={contactName} />
      ))}
    </ol>
  );
}
