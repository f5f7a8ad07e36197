import { Head, usePage } from '@inertiajs/react';
import type { BrowserSession } from '../../../../server/presenters/browser-session-presenter';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import DeleteUserForm from './Partials/DeleteUserForm';
import NotificationPreferencesForm, { type MailNotifications } from './Partials/NotificationPreferencesForm';
import LogoutOtherBrowserSessionsForm from './Partials/LogoutOtherBrowserSessionsForm';
import TwoFactorAuthenticationForm from './Partials/TwoFactorAuthenticationForm';
import UpdatePasswordForm from './Partials/UpdatePasswordForm';
import UpdateProfileInformationForm from './Partials/UpdateProfileInformationForm';

interface ShowProps {
  confirmsTwoFactorAuthentication: boolean;
  sessions: BrowserSession[];
  mailNotifications: MailNotifications;
}

/**
 * The account settings, in Jetstream's order (Kawan's notifications before the browser sessions);
 * each section shows when its feature is on.
 */
export default function Show({ confirmsTwoFactorAuthentication, sessions, mailNotifications }: ShowProps) {
  const { auth, features } = usePage().props;
  const user = auth.user!;

  return (
    <>
      <Head title="Profile" />
      <PageHeader title="Profile" />
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        {features.canUpdateProfileInformation && (
          <>
            <UpdateProfileInformationForm user={user} />
            <SectionBorder />
          </>
        )}

        {features.canUpdatePassword && (
          <>
            <div className="mt-10 sm:mt-0">
              <UpdatePasswordForm />
            </div>
            <SectionBorder />
          </>
        )}

        {features.canManageTwoFactorAuthentication && (
          <>
            <div className="mt-10 sm:mt-0">
              <TwoFactorAuthenticationForm requiresConfirmation={confirmsTwoFactorAuthentication} />
            </div>
            <SectionBorder />
          </>
        )}

        <div className="mt-10 sm:mt-0">
          <NotificationPreferencesForm mailNotifications={mailNotifications} />
        </div>
        <SectionBorder />

        <div className="mt-10 sm:mt-0">
          <LogoutOtherBrowserSessionsForm sessions={sessions} />
        </div>

        {features.hasAccountDeletionFeatures && (
          <>
            <SectionBorder />
            <div className="mt-10 sm:mt-0">
              <DeleteUserForm />
            </div>
          </>
        )}
      </div>
    </>
  );
}
