import { router } from '@inertiajs/react';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Reloads `only` (async, the page's other props kept) when called, with never two reloads at once:
 * a call while one is in flight asks for one more after it. Inertia applies async answers in the
 * order they arrive, so two overlapping reloads can end with the older answer shown (a replay's
 * "running" after its "done") and no later event to correct it. Here the last answer shown was
 * always asked for after the last call.
 */
export function useLiveReload(only: string[]): () => void {
  const key = only.join('\n');
  const state = useRef({ inFlight: false, again: false, mounted: true });

  useEffect(() => {
    const current = state.current;
    current.mounted = true;
    return () => {
      current.mounted = false;
    };
  }, []);

  return useCallback(() => {
    const current = state.current;
    const send = () => {
      current.inFlight = true;
      router.reload({
        only: key.split('\n'),
        async: true,
        onFinish: () => {
          current.inFlight = false;
          if (current.again && current.mounted) {
            current.again = false;
            send();
          }
        },
      });
    };
    if (current.inFlight) current.again = true;
    else send();
  }, [key]);
}
