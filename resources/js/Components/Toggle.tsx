import { cn } from '@/lib/cn';

type ToggleProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shown beside the switch (and its accessible name) unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  /** A fuller accessible name than the visible label, when several switches share one ("Use Menu in answers"). */
  accessibleLabel?: string;
  disabled?: boolean;
  className?: string;
};

/** An on/off switch (a button with role="switch"), for settings that apply at once. */
export default function Toggle({
  checked,
  onChange,
  label,
  hideLabel = false,
  accessibleLabel,
  disabled,
  className,
}: ToggleProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={accessibleLabel ?? (hideLabel ? label : undefined)}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'group inline-flex cursor-pointer items-center gap-2 rounded-full text-sm text-gray-600 focus:outline-hidden disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-5 w-9 shrink-0 rounded-full border-2 border-transparent transition-colors duration-200 ease-in-out group-focus-visible:ring-2 group-focus-visible:ring-indigo-500 group-focus-visible:ring-offset-2',
          checked ? 'bg-indigo-600' : 'bg-gray-200',
        )}
      >
        <span
          className={cn(
            'pointer-events-none inline-block size-4 rounded-full bg-white shadow-sm ring-0 transition duration-200 ease-in-out',
            checked ? 'translate-x-4' : 'translate-x-0',
          )}
        />
      </span>
      {!hideLabel && <span>{label}</span>}
    </button>
  );
}
