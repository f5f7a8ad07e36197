import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';

export type ModalMaxWidth = 'sm' | 'md' | 'lg' | 'xl' | '2xl' | '4xl';

export type ModalProps = {
  show: boolean;
  onClose: () => void;
  maxWidth?: ModalMaxWidth;
  /** When false, Escape and clicks on the backdrop leave the modal open. */
  closeable?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that names the dialog (its title). */
  labelledBy?: string;
  /** Id of the element that describes the dialog (its content). */
  describedBy?: string;
  /** Accessible name when there is no visible title to point at. */
  label?: string;
  children: ReactNode;
};

const maxWidthClasses: Record<ModalMaxWidth, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-md',
  lg: 'sm:max-w-lg',
  xl: 'sm:max-w-xl',
  '2xl': 'sm:max-w-2xl',
  '4xl': 'sm:max-w-4xl',
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusableIn(element: HTMLElement): HTMLElement[] {
  return Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * A modal dialog rendered into document.body. While open it locks page scroll, moves focus
 * inside (unless a child already took it), keeps Tab and Shift+Tab inside, closes on Escape
 * and backdrop clicks when `closeable`, and gives focus back to where it was on close.
 */
export default function Modal({ show, ...props }: ModalProps) {
  if (!show || typeof document === 'undefined') return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  maxWidth = '2xl',
  closeable = true,
  role = 'dialog',
  labelledBy,
  describedBy,
  label,
  children,
}: Omit<ModalProps, 'show'>) {
  const panel = useRef<HTMLDivElement>(null);
  // Read on the first render, before any child (an `isFocused` input) can take the focus.
  const [previouslyFocused] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const element = panel.current;
    if (!element) return;

    if (!element.contains(document.activeElement)) (focusableIn(element)[0] ?? element).focus();

    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    return () => {
      document.body.style.overflow = overflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [previouslyFocused]);

  useEffect(() => {
    function closeOnEscape(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      if (closeable) onClose();
    }

    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [closeable, onClose]);

  function keepTabInside(event: KeyboardEvent<HTMLDivElement>) {
    const element = panel.current;
    if (event.key !== 'Tab' || !element) return;

    const items = focusableIn(element);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }

    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;

    if (event.shiftKey && (active === first || active === element)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-50 overflow-y-auto px-4 py-6 sm:px-0">
      <div
        className="fixed inset-0 bg-gray-500/75 motion-safe:animate-fade-in"
        aria-hidden="true"
        onClick={closeable ? onClose : undefined}
      />

      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-label={label}
        tabIndex={-1}
        onKeyDown={keepTabInside}
        className={cn(
          'relative mb-6 overflow-hidden rounded-lg bg-white shadow-xl focus:outline-hidden motion-safe:animate-pop-in sm:mx-auto sm:w-full',
          maxWidthClasses[maxWidth],
        )}
      >
        {children}
      </div>
    </div>
  );
}
