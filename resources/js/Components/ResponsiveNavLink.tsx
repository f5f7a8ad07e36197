import type { ComponentProps } from 'react';
import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';

/** A link of the mobile menu: an Inertia Link, or a plain `<button>` with `as="button"`. */
export type ResponsiveNavLinkProps =
  | ({ as?: undefined; active?: boolean } & ComponentProps<typeof Link>)
  | ({ as: 'button'; active?: boolean } & ComponentProps<'button'>);

function classesFor(active: boolean, className: string | undefined): string {
  return cn(
    'block w-full border-l-4 py-2 ps-3 pe-4 text-start text-base font-medium transition duration-150 ease-in-out focus:outline-hidden',
    active
      ? 'border-indigo-400 bg-indigo-50 text-indigo-700 focus:border-indigo-700 focus:bg-indigo-100 focus:text-indigo-800'
      : 'border-transparent text-gray-600 hover:border-gray-300 hover:bg-gray-50 hover:text-gray-800 focus:border-gray-300 focus:bg-gray-50 focus:text-gray-800',
    className,
  );
}

export default function ResponsiveNavLink(props: ResponsiveNavLinkProps) {
  if (props.as === 'button') {
    const { as: Tag, active = false, type = 'submit', className, ...rest } = props;
    return <Tag {...rest} type={type} className={classesFor(active, className)} />;
  }

  const { active = false, className, ...rest } = props;
  return (
    <Link
      {...rest}
      aria-current={active ? 'page' : undefined}
      className={classesFor(active, className)}
    />
  );
}
