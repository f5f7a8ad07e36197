import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export default function TextArea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      {...props}
      rows={rows}
      className={cn(
        'rounded-md border-gray-300 shadow-xs focus:border-indigo-500 focus:ring-indigo-500 disabled:bg-gray-50 disabled:text-gray-500',
        className,
      )}
    />
  );
}
