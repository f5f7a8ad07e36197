import type { ComponentProps } from 'react';
import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';

const variants = {
  primary:
    'border-transparent bg-gray-800 text-white hover:bg-gray-700 focus:bg-gray-700 focus:ring-indigo-500 active:bg-gray-900',
  secondary: 'border-gray-300 bg-white text-gray-700 shadow-xs hover:bg-gray-50 focus:ring-indigo-500',
};

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: keyof typeof variants };

/** An Inertia link that looks like PrimaryButton or SecondaryButton: a button that goes to a page. */
export default function ButtonLink({ variant = 'primary', className, ...props }: ButtonLinkProps) {
  return (
    <Link
      {...props}
      className={cn(
        'inline-flex items-center justify-center rounded-md border px-4 py-2 text-xs font-semibold tracking-widest whitespace-nowrap uppercase transition duration-150 ease-in-out focus:ring-2 focus:ring-offset-2 focus:outline-hidden',
        variants[variant],
        typeof className === 'string' ? className : undefined,
      )}
    />
  );
}
