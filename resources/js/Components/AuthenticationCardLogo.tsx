import { Link } from '@inertiajs/react';
import ApplicationMark from './ApplicationMark';

type AuthenticationCardLogoProps = {
  /** Where the logo leads, built from a route name by the page. */
  href: string;
};

export default function AuthenticationCardLogo({ href }: AuthenticationCardLogoProps) {
  return (
    <Link
      href={href}
      className="block rounded-lg focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
    >
      <ApplicationMark className="size-16" />
    </Link>
  );
}
