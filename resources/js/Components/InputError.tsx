import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/cn';

type InputErrorProps = Omit<ComponentPropsWithoutRef<'p'>, 'children'> & {
  message?: string;
};

/** A field's validation message. Give it an id and point the field's aria-describedby at it. */
export default function InputError({ message, className, ...props }: InputErrorProps) {
  if (!message) return null;

  return (
    <p {...props} className={cn('text-sm text-red-600', className)}>
      {message}
    </p>
  );
}
