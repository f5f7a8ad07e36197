import { useCallback, useEffect, useRef } from 'react';

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
    // The sound is a nicety; what it announces is also on the screen.
  }
}

/**
 * `play()` beeps. Browsers let a page make a sound only after the user has interacted with it, so
 * the audio context is made on the first click or key press and a beep before that is skipped.
 */
export function useAlertSound(): () => void {
  const audio = useRef<AudioContext | null>(null);

  useEffect(() => {
    const unlock = () => {
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
      if (audio.current) return;
      try {
        const Context =
          window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
        if (Context) audio.current = new Context();
      } catch {
        audio.current = null;
      }
    };
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
    return () => {
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
      const context = audio.current;
      audio.current = null;
      if (context) void context.close().catch(() => undefined);
    };
  }, []);

  return useCallback(() => {
    if (audio.current) beep(audio.current);
  }, []);
}
