import type { ReactNode } from 'react';
import { Head } from '@inertiajs/react';
import AuthenticationCard from '@/Components/AuthenticationCard';
import AuthenticationCardLogo from '@/Components/AuthenticationCardLogo';
import { route } from '@/lib/route';

interface AuthLayoutProps {
  title: string;
  intro?: ReactNode;
  status?: string | null;
  children: ReactNode;
}

/** The card every account screen (Auth/*) sits in, with its title, an optional intro and status. */
export default function AuthLayout({ title, intro, status, children }: AuthLayoutProps) {
  return (
    <>
      <Head title={title} />
      <AuthenticationCard logo={<AuthenticationCardLogo href={route('welcome')} />}>
        <h1 className="mt-2 text-lg font-semibold text-gray-900">{title}</h1>
        {intro && <div className="mt-2 mb-4 text-sm text-gray-600">{intro}</div>}
        {status && (
          <div className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-700" role="status">
            {status}
          </div>
        )}
        <div className="mt-4">{children}</div>
      </AuthenticationCard>
    </>
  );
}
