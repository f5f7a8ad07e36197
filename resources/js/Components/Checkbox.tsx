import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'>;

export default function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <input
      {...props}
      type="checkbox"
      className={cn(
        'rounded-sm border-gray-300 text-indigo-600 shadow-xs focus:ring-indigo-500 disabled:opacity-50',
        className,
      )}
    />
  );
}
