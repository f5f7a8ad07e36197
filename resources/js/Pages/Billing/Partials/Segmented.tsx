import { cn } from '@/lib/cn';

type SegmentedProps<Value extends string> = {
  /** The group's accessible name ("Billing interval"). */
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
};

/** Two or three choices side by side, one chosen (a radio group drawn as a segmented control). */
export default function Segmented<Value extends string>({ label, value, options, onChange }: SegmentedProps<Value>) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-md bg-gray-100 p-0.5">
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => onChange(option.value)}
            className={cn(
              'rounded px-3 py-1 text-sm font-medium transition focus:ring-2 focus:ring-indigo-500 focus:outline-hidden',
              checked ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
