import { useCallback, useEffect, useRef, useState } from 'react';

const TOAST_MS = 10_000;

export interface QueuedToast {
  id: number;
  number: number;
}

type AudioContextClass = typeof AudioContext;

/** A short two-tone beep; any failure (no audio device, a policy) is ignored. */
function beep(context: AudioContext) {
  try {
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime + 0.01;
    for (const [offset, frequency] of [
      [0, 880],
      [0.16, 1175],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.14);
      oscillator.connect(gain);
      gain.connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.15);
    }
  } catch {
    // The sound is a nicety; the banner says it too.
  }
}

/**
 * "Conversation #n is waiting for a person": `alert(conversation)` shows a banner (one per
 * conversation, gone after ten seconds or when dismissed) and beeps. Browsers let a page make a
 * sound only after the user has interacted with it, so the audio context is made on the first
 * click or key press and the beep is skipped before that.
 */
export function useQueuedAlert() {
  const [toasts, setToasts] = useState<QueuedToast[]>([]);
  const audio = useRef<{ context: AudioContext | null; timers: Map<number, number> }>({
    context: null,
    timers: new Map(),
  });

  useEffect(() => {
    const state = audio.current;
    const unlock = () => {
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
      if (state.context) return;
      try {
        const Context =
          window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
        if (Context) state.context = new Context();
      } catch {
        state.context = null;
      }
    };
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
    return () => {
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
      for (const timer of state.timers.values()) window.clearTimeout(timer);
      state.timers.clear();
      const context = state.context;
      state.context = null;
      if (context) void context.close().catch(() => undefined);
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    const timers = audio.current.timers;
    const timer = timers.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const alert = useCallback(
    (conversation: QueuedToast) => {
      const state = audio.current;
      if (state.context) beep(state.context);
      const previous = state.timers.get(conversation.id);
      if (previous !== undefined) window.clearTimeout(previous);
      state.timers.set(
        conversation.id,
        window.setTimeout(() => dismiss(conversation.id), TOAST_MS),
      );
      setToasts((list) => [
        ...list.filter((toast) => toast.id !== conversation.id),
        { id: conversation.id, number: conversation.number },
      ]);
    },
    [dismiss],
  );

  return { toasts, alert, dismiss };
}
