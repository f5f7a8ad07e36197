import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary:
    'border-transparent bg-gray-800 text-white hover:bg-gray-700 focus:bg-gray-700 focus:ring-indigo-500 active:bg-gray-900 disabled:opacity-50',
  secondary:
    'border-gray-300 bg-white text-gray-700 shadow-xs hover:bg-gray-50 focus:ring-indigo-500 disabled:opacity-25',
  danger:
    'border-transparent bg-red-600 text-white hover:bg-red-500 focus:ring-red-500 active:bg-red-700 disabled:opacity-50',
};

type ButtonProps = ComponentProps<'button'> & { variant: keyof typeof variants };

/** The shape PrimaryButton, SecondaryButton and DangerButton share; each gives its colours. */
export default function Button({ variant, type = 'button', className, ...props }: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={cn(
        'inline-flex items-center justify-center rounded-md border px-4 py-2 text-xs font-semibold tracking-widest uppercase transition duration-150 ease-in-out focus:ring-2 focus:ring-offset-2 focus:outline-hidden disabled:cursor-not-allowed',
        variants[variant],
        className,
      )}
    />
  );
}
