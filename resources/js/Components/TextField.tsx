import type { ComponentPropsWithRef, ReactNode } from 'react';
import InputError from './InputError';
import InputLabel from './InputLabel';
import TextInput from './TextInput';

type TextFieldProps = Omit<ComponentPropsWithRef<typeof TextInput>, 'id' | 'className' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The field's validation message, if any. */
  error?: string;
  /** Id of the error message; `<id>-error` by default. */
  errorId?: string;
  /** Classes for the wrapper: the grid column, the space above. */
  className?: string;
  /** What to write and how it is used, between the input and its message (the input is described by it). */
  hint?: ReactNode;
  /** Shown below the error: a link, say. */
  children?: ReactNode;
};

/**
 * A labelled text input with its validation message below: the input is aria-describedby the
 * message and aria-invalid while there is one. Other props (type, autoComplete, isFocused, a ref…)
 * go to the input; children come below the message.
 */
export default function TextField({
  id,
  label,
  value,
  onChange,
  error,
  errorId = `${id}-error`,
  className,
  hint,
  children,
  ...props
}: TextFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <TextInput
        {...props}
        id={id}
        className="mt-1 block w-full"
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
      {children}
    </div>
  );
}
