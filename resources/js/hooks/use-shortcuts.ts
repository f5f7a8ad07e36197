import { useEffect, useLayoutEffect, useRef } from 'react';

/** A key of `event.key` ("j", "Enter", "?") and what it does. */
export type Shortcuts = Record<string, (event: KeyboardEvent) => void>;

/** Where typing is typing: a field, a list box, an editable element, or an open dialog's contents. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"]'))
    return true;
  return false;
}

/**
 * Single-key shortcuts for a page (Gmail's and Chatwoot's "j", "k", "r"…): heard on the document
 * unless the person is typing somewhere, holds Ctrl, ⌘ or Alt, or another handler took the key. The
 * handlers may change between renders without re-subscribing.
 */
export function useShortcuts(shortcuts: Shortcuts, enabled = true): void {
  const current = useRef(shortcuts);
  useLayoutEffect(() => {
    current.current = shortcuts;
  });

  useEffect(() => {
    if (!enabled) return;
    const keyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target) || document.querySelector('[aria-modal="true"]')) return;
      // Enter belongs to the focused link or button, when there is one.
      if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target !== document.body) return;
      const handler = current.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler(event);
    };
    document.addEventListener('keydown', keyDown);
    return () => document.removeEventListener('keydown', keyDown);
  }, [enabled]);
}
