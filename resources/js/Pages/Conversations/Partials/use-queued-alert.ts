import { useCallback, useEffect, useRef, useState } from 'react';
import { useAlertSound } from '@/hooks/use-alert-sound';

const TOAST_MS = 10_000;

export interface QueuedToast {
  id: number;
  number: number;
}

/**
 * "Conversation #n is waiting for a person": `alert(conversation)` shows a banner (one per
 * conversation, gone after ten seconds or when dismissed) and beeps. Browsers let a page make a
 * sound only after the user has interacted with it, so the audio context is made on the first
 * click or key press and the beep is skipped before that.
 */
export function useQueuedAlert() {
  const [toasts, setToasts] = useState<QueuedToast[]>([]);
  const play = useAlertSound();
  const timers = useRef(new Map<number, number>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const alert = useCallback(
    (conversation: QueuedToast) => {
      play();
      const previous = timers.current.get(conversation.id);
      if (previous !== undefined) window.clearTimeout(previous);
      timers.current.set(
        conversation.id,
        window.setTimeout(() => dismiss(conversation.id), TOAST_MS),
      );
      setToasts((list) => [
        ...list.filter((toast) => toast.id !== conversation.id),
        { id: conversation.id, number: conversation.number },
      ]);
    },
    [dismiss, play],
  );

  return { toasts, alert, dismiss };
}
