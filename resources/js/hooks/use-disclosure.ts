import { useEffect, useId, useRef, useState } from 'react';

/**
 * A button that shows a panel (a dropdown, the notifications bell). Put `root` on the element
 * around both, spread `buttonProps` on the button and give the panel `panelId`. While open, a
 * click or focus outside `root` closes it, and so does Escape, which also gives the focus back to
 * the button when it was inside.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;

    function closeWhenOutside(event: Event) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }

    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      if (root.current?.contains(document.activeElement)) button.current?.focus();
      setOpen(false);
    }

    document.addEventListener('mousedown', closeWhenOutside);
    document.addEventListener('focusin', closeWhenOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeWhenOutside);
      document.removeEventListener('focusin', closeWhenOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const buttonProps = {
    ref: button,
    type: 'button',
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => setOpen((value) => !value),
  } as const;

  return { open, setOpen, root, panelId, buttonProps };
}
