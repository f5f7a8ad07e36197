import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import InputError from './InputError';
import InputLabel from './InputLabel';
import Select from './Select';

type SelectFieldProps = Omit<ComponentProps<typeof Select>, 'id' | 'className' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A line under the select: what the choice means. */
  hint?: ReactNode;
  /** Classes for the wrapper: the grid column, the space above. */
  className?: string;
  /** Classes for the select itself. */
  inputClassName?: string;
  /** The options. */
  children: ReactNode;
};

/**
 * TextAreaField's sibling for a choice: a labelled select with its hint and validation message,
 * described by both and aria-invalid while there is a message.
 */
export default function SelectField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  className,
  inputClassName,
  children,
  ...props
}: SelectFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className={className}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <Select
        {...props}
        id={id}
        className={cn('mt-1 block w-full', inputClassName)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${hintId} ${errorId}` : errorId}
      >
        {children}
      </Select>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <InputError id={errorId} className="mt-2" message={error} />
    </div>
  );
}
