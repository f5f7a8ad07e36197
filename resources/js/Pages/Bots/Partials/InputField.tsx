import type { ComponentProps, ReactNode } from 'react';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import TextInput from '@/Components/TextInput';
import { cn } from '@/lib/cn';

type InputFieldProps = Omit<ComponentProps<typeof TextInput>, 'id' | 'className' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** What to write and how it is used, between the input and its message. */
  hint?: ReactNode;
  className?: string;
  inputClassName?: string;
};

/** A labelled input with a hint and its validation message, described by both (TextAreaField's twin). */
export default function InputField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  className,
  inputClassName,
  ...props
}: InputFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className={className}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <TextInput
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
