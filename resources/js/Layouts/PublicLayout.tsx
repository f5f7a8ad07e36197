import type { ReactNode } from 'react';
import { Link } from '@inertiajs/react';
import ApplicationLogo from '@/Components/ApplicationLogo';
import Banner from '@/Components/Banner';
import { optionalRoute, route } from '@/lib/route';

/** Links to account screens appear once their routes are in the manifest. */
function AccountLinks() {
  const login = optionalRoute('login');
  const register = optionalRoute('register');
  return (
    <div className="flex items-center gap-2 text-sm font-medium">
      {login && (
        <Link href={login} className="rounded-md px-3 py-2 text-gray-700 hover:text-gray-900">
          Log in
        </Link>
      )}
      {register && (
        <Link href={register} className="rounded-md px-3 py-2 text-gray-700 hover:text-gray-900">
          Register
        </Link>
      )}
      <Link
        href={route('early-access.create')}
        className="rounded-md bg-indigo-600 px-3 py-2 text-white shadow-xs hover:bg-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden"
      >
        Get early access
      </Link>
    </div>
  );
}

export default function PublicLayout({ children }: { children?: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <Banner />
      <header className="border-b border-gray-100 bg-white">
        <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8" aria-label="Main">
          <Link href={route('welcome')} className="flex items-center" aria-label="Kawan home">
            <ApplicationLogo className="h-9 w-auto" />
          </Link>
          <AccountLinks />
        </nav>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-gray-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>&copy; {year} Kawan. Assistant bots for every team.</p>
          <nav className="flex flex-wrap gap-x-6 gap-y-2" aria-label="Legal">
            <Link href={route('privacy')} className="hover:text-gray-900">Privacy</Link>
            <Link href={route('privacy-policy')} className="hover:text-gray-900">Privacy policy</Link>
            <Link href={route('terms')} className="hover:text-gray-900">Terms</Link>
            <Link href={route('terms-of-service')} className="hover:text-gray-900">Terms of service</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
