import type { ComponentProps } from 'react';
import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';

/**
 * An item of a Dropdown: an Inertia Link by default, a plain `<button>` with `as="button"`
 * (say, to submit a logout form), a plain `<a>` with `as="a"` (a download, another site).
 */
export type DropdownLinkProps =
  | ({ as?: undefined } & ComponentProps<typeof Link>)
  | ({ as: 'button' } & ComponentProps<'button'>)
  | ({ as: 'a' } & ComponentProps<'a'>);

const itemClassName =
  'block w-full px-4 py-2 text-start text-sm leading-5 text-gray-700 transition duration-150 ease-in-out hover:bg-gray-100 focus:bg-gray-100 focus:outline-hidden';

export default function DropdownLink(props: DropdownLinkProps) {
  if (props.as === 'button') {
    const { as: Tag, type = 'submit', className, ...rest } = props;
    return <Tag {...rest} type={type} className={cn(itemClassName, className)} />;
  }

  if (props.as === 'a') {
    const { as: Tag, className, ...rest } = props;
    return <Tag {...rest} className={cn(itemClassName, className)} />;
  }

  const { className, ...rest } = props;
  return <Link {...rest} className={cn(itemClassName, className)} />;
}
