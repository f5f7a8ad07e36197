import type { ReactNode } from 'react';

type AuthenticationCardProps = {
  /** Usually `<AuthenticationCardLogo href={route('welcome')} />`. */
  logo: ReactNode;
  children: ReactNode;
};

export default function AuthenticationCard({ logo, children }: AuthenticationCardProps) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-gray-100 pt-6 sm:justify-center sm:pt-0">
      <div>{logo}</div>

      <main className="mt-6 w-full overflow-hidden bg-white px-6 py-4 shadow-md sm:max-w-md sm:rounded-lg">
        {children}
      </main>
    </div>
  );
}
