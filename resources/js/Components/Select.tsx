import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native select styled like TextInput; pass the `<option>` elements as children. */
export default function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <select
      {...props}
      className={cn(
        'rounded-md border-gray-300 shadow-xs focus:border-indigo-500 focus:ring-indigo-500 disabled:bg-gray-50 disabled:text-gray-500',
        className,
      )}
    >
      {children}
    </select>
  );
}
