import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export default function PrimaryButton({
  type = 'submit',
  className,
  ...props
}: ComponentProps<'button'>) {
  return (
    <button
      {...props}
      type={type}
      className={cn(
        'inline-flex items-center justify-center rounded-md border border-transparent bg-gray-800 px-4 py-2 text-xs font-semibold tracking-widest text-white uppercase transition duration-150 ease-in-out hover:bg-gray-700 focus:bg-gray-700 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden active:bg-gray-900 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    />
  );
}
