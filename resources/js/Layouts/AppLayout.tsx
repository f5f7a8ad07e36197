import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, router, usePage } from '@inertiajs/react';
import ApplicationMark from '@/Components/ApplicationMark';
import Banner from '@/Components/Banner';
import Dropdown from '@/Components/Dropdown';
import DropdownLink from '@/Components/DropdownLink';
import NavLink from '@/Components/NavLink';
import ResponsiveNavLink from '@/Components/ResponsiveNavLink';
import { optionalRoute, route } from '@/lib/route';
import { useTeamPresence } from '@/hooks/use-team-presence';
import { ResponsiveTeamMenu, TeamDropdown } from './TeamSwitcher';
import NotificationsBell from './NotificationsBell';
import PastDueBanner from './PastDueBanner';
import { navigationFor } from './navigation';
import { clearAllDrafts } from '@/lib/reply-drafts';

/** The signed-in chrome in Jetstream's style: navigation, the account menu and the banner. */
export default function AppLayout({ children }: { children?: ReactNode }) {
  const { auth } = usePage().props;
  const user = auth.user;
  const [open, setOpen] = useState(false);
  const profile = optionalRoute('profile.show');
  const apiTokens = optionalRoute('api-tokens.index');
  const items = navigationFor(user?.current_team?.can, (name) => optionalRoute(name));
  // Online for the team's inbox ("2 agents online") wherever the member is in the app.
  useTeamPresence();

  // A button, not a form: the dropdown unmounts its panel on click, before a form could submit.
  const logout = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    // A shared computer keeps no customer's words for the next person.
    clearAllDrafts();
    router.post(route('logout'));
  };

  // Seven sections and the team and account menus fit one row from `lg` (1024 px); below it, the
  // menu button opens them (Jetstream's `sm` split is for its one link).
  return (
    <div className="min-h-screen bg-gray-100 print:bg-white">
      <Banner />
      <nav className="border-b border-gray-100 bg-white print:hidden" aria-label="Main">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex h-16 justify-between">
            <div className="flex">
              <div className="flex shrink-0 items-center">
                <Link href={route('dashboard')} aria-label="Dashboard">
                  <ApplicationMark className="block h-9 w-auto" />
                </Link>
              </div>
              <div className="hidden space-x-2 lg:-my-px lg:ms-4 lg:flex xl:ms-6 xl:space-x-4">
                {items.map((item) => (
                  <NavLink
                    key={item.href}
                    href={item.href}
                    active={route().current(item.current)}
                    // Between lg and xl the mark beside it is the way to the dashboard: the other areas need the room.
                    className={item.current === 'dashboard' ? 'max-xl:hidden' : undefined}
                  >
                    {item.label}
                  </NavLink>
                ))}
              </div>
            </div>

            {user && (
              <div className="hidden lg:ms-4 lg:flex lg:items-center xl:ms-6">
                <NotificationsBell live />
                <TeamDropdown user={user} />
                <Dropdown
                  align="right"
                  width="48"
                  triggerLabel={`Account menu for ${user.name}`}
                  triggerClassName="flex items-center gap-2 rounded-full border-2 border-transparent text-sm text-gray-600 transition hover:text-gray-800 focus:border-gray-300 focus:outline-hidden"
                  trigger={
                    <>
                      <img className="size-8 rounded-full object-cover" src={user.profile_photo_url} alt="" />
                      <svg
                        className="hidden size-4 xl:block"
                        viewBox="0 0 20 20"
                        fill="currentColor"
                        aria-hidden="true"
                      >
                        <path
                          fillRule="evenodd"
                          d="M5.23 7.21a.75.75 0 011.06.02L10 11.168l3.71-3.938a.75.75 0 111.08 1.04l-4.25 4.5a.75.75 0 01-1.08 0l-4.25-4.5a.75.75 0 01.02-1.06z"
                          clipRule="evenodd"
                        />
                      </svg>
                    </>
                  }
                >
                  <div className="block px-4 py-2 text-xs text-gray-400">Manage Account</div>
                  {profile && <DropdownLink href={profile}>Profile</DropdownLink>}
                  {apiTokens && <DropdownLink href={apiTokens}>API Tokens</DropdownLink>}
                  <div className="border-t border-gray-200" />
                  <DropdownLink as="button" type="button" onClick={logout}>
                    Log Out
                  </DropdownLink>
                </Dropdown>
              </div>
            )}

            <div className="-me-2 flex items-center lg:hidden">
              {user && <NotificationsBell />}
              <button
                type="button"
                onClick={() => setOpen((value) => !value)}
                aria-expanded={open}
                aria-controls="responsive-menu"
                aria-label="Open main menu"
                className="inline-flex items-center justify-center rounded-md p-2 text-gray-400 transition hover:bg-gray-100 hover:text-gray-500 focus:bg-gray-100 focus:text-gray-500 focus:outline-hidden"
              >
                <svg className="size-6" stroke="currentColor" fill="none" viewBox="0 0 24 24" aria-hidden="true">
                  {open ? (
                    <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M6 18L18 6M6 6l12 12" />
                  ) : (
                    <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
                  )}
                </svg>
              </button>
            </div>
          </div>
        </div>

        <div id="responsive-menu" className={open ? 'block lg:hidden' : 'hidden'}>
          <div className="space-y-1 pt-2 pb-3">
            {items.map((item) => (
              <ResponsiveNavLink key={item.href} href={item.href} active={route().current(item.current)}>
                {item.label}
              </ResponsiveNavLink>
            ))}
          </div>
          {user && (
            <div className="border-t border-gray-200 pt-4 pb-1">
              <div className="flex items-center px-4">
                <img className="me-3 size-10 rounded-full object-cover" src={user.profile_photo_url} alt="" />
                <div>
                  <div className="text-base font-medium text-gray-800">{user.name}</div>
                  <div className="text-sm font-medium text-gray-500">{user.email}</div>
                </div>
              </div>
              <div className="mt-3 space-y-1">
                {profile && <ResponsiveNavLink href={profile}>Profile</ResponsiveNavLink>}
                {apiTokens && <ResponsiveNavLink href={apiTokens}>API Tokens</ResponsiveNavLink>}
                <ResponsiveNavLink as="button" type="button" onClick={logout}>
                  Log Out
                </ResponsiveNavLink>
                <ResponsiveTeamMenu user={user} />
              </div>
            </div>
          )}
        </div>
      </nav>
      <PastDueBanner />

      <main>{children}</main>
    </div>
  );
}

/** The white header band under the navigation, as Jetstream pages have it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="bg-white shadow-sm">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-6 sm:px-6 lg:px-8">
        <h2 className="text-xl leading-tight font-semibold text-gray-800">{title}</h2>
        {children}
      </div>
    </header>
  );
}
