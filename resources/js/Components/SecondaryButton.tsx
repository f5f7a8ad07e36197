import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export default function SecondaryButton({
  type = 'button',
  className,
  ...props
}: ComponentProps<'button'>) {
  return (
    <button
      {...props}
      type={type}
      className={cn(
        'inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 text-xs font-semibold tracking-widest text-gray-700 uppercase shadow-xs transition duration-150 ease-in-out hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden disabled:cursor-not-allowed disabled:opacity-25',
        className,
      )}
    />
  );
}
