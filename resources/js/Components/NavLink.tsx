import type { ComponentProps } from 'react';
import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';

type NavLinkProps = ComponentProps<typeof Link> & { active?: boolean };

export default function NavLink({ active = false, className, ...props }: NavLinkProps) {
  return (
    <Link
      {...props}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'inline-flex items-center border-b-2 px-1 pt-1 text-sm leading-5 font-medium transition duration-150 ease-in-out focus:outline-hidden',
        active
          ? 'border-indigo-400 text-gray-900 focus:border-indigo-700'
          : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700 focus:border-gray-300 focus:text-gray-700',
        className,
      )}
    />
  );
}
