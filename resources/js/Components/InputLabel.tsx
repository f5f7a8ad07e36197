import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/cn';

type InputLabelProps = ComponentPropsWithoutRef<'label'> & {
  /** The label text; children win when both are given. */
  value?: string;
};

export default function InputLabel({ value, className, children, ...props }: InputLabelProps) {
  return (
    <label {...props} className={cn('block text-sm font-medium text-gray-700', className)}>
      {children ?? value}
    </label>
  );
}
