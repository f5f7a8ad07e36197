import InputError from '@/Components/InputError';
import { cn } from '@/lib/cn';
import { avatarClass, colorLabels, initials } from './format';
import type { AvatarColor } from './types';

type AvatarColorFieldProps = {
  colors: AvatarColor[];
  value: string;
  onChange: (color: AvatarColor) => void;
  /** Shown in the swatches, so the choice is seen as it will look. */
  name: string;
  error?: string;
  disabled?: boolean;
  className?: string;
};

/** The avatar colour as a group of radio swatches, each showing the bot's initials in that colour. */
export default function AvatarColorField({
  colors,
  value,
  onChange,
  name,
  error,
  disabled,
  className,
}: AvatarColorFieldProps) {
  return (
    <fieldset className={cn('min-w-0', className)} aria-describedby="avatar-color-error">
      <legend className="block text-sm font-medium text-gray-700">Avatar colour</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {colors.map((color) => (
          <label key={color} className={cn('relative', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}>
            <input
              type="radio"
              name="avatar_color"
              value={color}
              checked={value === color}
              disabled={disabled}
              onChange={() => onChange(color)}
              className="peer sr-only"
            />
            <span className="sr-only">{colorLabels[color] ?? color}</span>
            <span
              aria-hidden="true"
              title={colorLabels[color] ?? color}
              className={cn(
                'flex size-9 items-center justify-center rounded-full text-xs font-semibold text-white ring-offset-2 transition peer-checked:ring-2 peer-checked:ring-gray-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-indigo-500 peer-disabled:opacity-60',
                avatarClass(color),
              )}
            >
              {initials(name)}
            </span>
          </label>
        ))}
      </div>
      <InputError id="avatar-color-error" className="mt-2" message={error} />
    </fieldset>
  );
}
