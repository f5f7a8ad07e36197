import type { ReactNode } from 'react';
import { useDisclosure } from '@/hooks/use-disclosure';
import { cn } from '@/lib/cn';

type DropdownProps = {
  /** What the trigger button shows: a name with a chevron, a profile photo… */
  trigger: ReactNode;
  /** Accessible name for the trigger when its content has no text (a photo). */
  triggerLabel?: string;
  triggerClassName?: string;
  align?: 'left' | 'right' | 'top';
  width?: '48' | '60' | '72';
  contentClassName?: string;
  /** The panel's links and buttons; a click on any of them closes the panel. */
  children: ReactNode;
};

const alignClasses = {
  left: 'origin-top-left left-0',
  right: 'origin-top-right right-0',
  top: 'origin-top',
};

const widthClasses = { '48': 'w-48', '60': 'w-60', '72': 'w-72' };

const defaultTriggerClassName =
  'inline-flex items-center rounded-md border border-transparent bg-white px-3 py-2 text-sm leading-4 font-medium text-gray-500 transition duration-150 ease-in-out hover:text-gray-700 focus:bg-gray-50 focus:outline-hidden active:bg-gray-50';

/**
 * A disclosure: a button (aria-expanded, aria-controls) that shows a panel of links. Clicking
 * outside, moving focus outside, pressing Escape or choosing an item closes it.
 */
export default function Dropdown({
  trigger,
  triggerLabel,
  triggerClassName = defaultTriggerClassName,
  align = 'right',
  width = '48',
  contentClassName = 'bg-white py-1',
  children,
}: DropdownProps) {
  const { open, setOpen, root, panelId, buttonProps } = useDisclosure();

  return (
    <div ref={root} className="relative">
      <button {...buttonProps} aria-label={triggerLabel} className={triggerClassName}>
        {trigger}
      </button>

      {open && (
        <div
          id={panelId}
          className={cn(
            'absolute z-50 mt-2 rounded-md shadow-lg motion-safe:animate-pop-in',
            widthClasses[width],
            alignClasses[align],
          )}
          onClick={() => setOpen(false)}
        >
          <div className={cn('rounded-md ring-1 ring-black/5', contentClassName)}>{children}</div>
        </div>
      )}
    </div>
  );
}
