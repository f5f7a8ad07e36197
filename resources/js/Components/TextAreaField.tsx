import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import InputError from './InputError';
import InputLabel from './InputLabel';
import TextArea from './TextArea';

type TextAreaFieldProps = Omit<ComponentProps<typeof TextArea>, 'id' | 'className' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Shown between the label and the textarea's message: what to write, how it is used. */
  hint?: ReactNode;
  /** Classes for the wrapper: the grid column, the space above. */
  className?: string;
  /** Classes for the textarea itself (a monospace font, say). */
  inputClassName?: string;
};

/**
 * TextField's sibling for long text: a labelled textarea with its hint and validation message,
 * described by both and aria-invalid while there is a message.
 */
export default function TextAreaField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  className,
  inputClassName,
  ...props
}: TextAreaFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className={className}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <TextArea
        {...props}
        id={id}
        className={cn('mt-1 block w-full', inputClassName)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${hintId} ${errorId}` : errorId}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <InputError id={errorId} className="mt-2" message={error} />
    </div>
  );
}
