import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long a search field waits after the last keystroke before it searches. */
export const SEARCH_DELAY_MS = 300;

/**
 * A search field's text, searched `delay` ms after the last keystroke (`change`). `cancel` drops a
 * search not sent yet (a filter chosen meanwhile sends the text with it); `reset` sets the text
 * without searching. When the search the page shows changes elsewhere (a "clear" button, the back
 * button), the field follows it, unless the user is typing or it differs only by spaces at its ends.
 */
export function useSearchField(shown: string, search: (text: string) => void, delay = SEARCH_DELAY_MS) {
  const [value, setValue] = useState(shown);
  const pending = useRef<number | null>(null);
  const latest = useRef(search);
  useLayoutEffect(() => {
    latest.current = search;
  });

  useEffect(
    () => () => {
      if (pending.current !== null) window.clearTimeout(pending.current);
    },
    [],
  );

  useEffect(() => {
    if (pending.current === null) setValue((current) => (current.trim() === shown ? current : shown));
  }, [shown]);

  const cancel = useCallback(() => {
    if (pending.current !== null) window.clearTimeout(pending.current);
    pending.current = null;
  }, []);

  const change = useCallback(
    (text: string) => {
      setValue(text);
      cancel();
      pending.current = window.setTimeout(() => {
        pending.current = null;
        latest.current(text);
      }, delay);
    },
    [cancel, delay],
  );

  const reset = useCallback(
    (text: string) => {
      cancel();
      setValue(text);
    },
    [cancel],
  );

  return { value, change, cancel, reset };
}
