import { router } from '@inertiajs/react';
import { useState } from 'react';
import { route } from '@/lib/route';
import type { ResendControl } from './MessageItem';

/**
 * Sends a message that was not delivered again (`conversations.messages.resend`), one at a time:
 * the page's messages come back with it queued, then live as it is sent; a refusal (the WhatsApp
 * window closed, already sent again) is said under that message.
 */
export function useResend(conversationId: number): ResendControl {
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [error, setError] = useState<ResendControl['error']>(null);
  const onResend = (messageId: number) => {
    if (pendingId !== null) return;
    setPendingId(messageId);
    setError(null);
    router.post(
      route('conversations.messages.resend', { conversation: conversationId, message: messageId }),
      {},
      {
        preserveScroll: true,
        preserveState: true,
        onError: (errors) =>
          setError({ messageId, text: errors.message ?? 'The message could not be sent again. Try again.' }),
        onFinish: () => setPendingId(null),
      },
    );
  };
  return { onResend, pendingId, error };
}
