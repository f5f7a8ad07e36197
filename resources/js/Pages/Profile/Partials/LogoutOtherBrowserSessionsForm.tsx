import type { BrowserSession } from '../../../../../server/presenters/browser-session-presenter';
import ActionMessage from '@/Components/ActionMessage';
import ActionSection from '@/Components/ActionSection';
import Icon from '@/Components/Icon';
import PasswordPromptModal from '@/Components/PasswordPromptModal';
import PrimaryButton from '@/Components/PrimaryButton';
import { usePasswordPrompt } from '@/hooks/use-password-prompt';
import { fromNow } from '@/lib/dates';
import { route } from '@/lib/route';

/** The user's signed-in browsers, and a password-confirmed button that signs out all the others. */
export default function LogoutOtherBrowserSessionsForm({ sessions }: { sessions: BrowserSession[] }) {
  const logout = usePasswordPrompt(route('other-browser-sessions.destroy'));

  return (
    <ActionSection
      title="Browser Sessions"
      description="Manage and log out your active sessions on other browsers and devices."
    >
      <div className="max-w-xl text-sm text-gray-600">
        If necessary, you may log out of all of your other browser sessions across all of your devices. Some of your
        recent sessions are listed below; however, this list may not be exhaustive. If you feel your account has been
        compromised, you should also update your password.
      </div>

      {sessions.length > 0 && (
        <ul className="mt-5 space-y-6" aria-label="Browser sessions">
          {sessions.map((session, index) => (
            <li key={index} className="flex items-center">
              <div>
                {session.agent.is_desktop ? (
                  <Icon name="computer-desktop" label="Desktop" className="size-8 text-gray-500" />
                ) : (
                  <Icon name="device-phone-mobile" label="Mobile" className="size-8 text-gray-500" />
                )}
              </div>

              <div className="ms-3">
                <div className="text-sm text-gray-600">
                  {session.agent.platform ?? 'Unknown'} - {session.agent.browser ?? 'Unknown'}
                </div>
                <div className="text-xs text-gray-500">
                  {session.ip_address ?? 'Unknown'},{' '}
                  {session.is_current_device ? (
                    <span className="font-semibold text-green-500">This device</span>
                  ) : (
                    <span>Last active {fromNow(session.last_active)}</span>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-5 flex items-center">
        <PrimaryButton type="button" onClick={logout.open}>
          Log Out Other Browser Sessions
        </PrimaryButton>
        <ActionMessage on={logout.form.recentlySuccessful} className="ms-3">
          Done.
        </ActionMessage>
      </div>

      <PasswordPromptModal
        {...logout.modal}
        title="Log Out Other Browser Sessions"
        button="Log Out Other Browser Sessions"
        errorId="logout-other-sessions-password-error"
      >
        Please enter your password to confirm you would like to log out of your other browser sessions across all of
        your devices.
      </PasswordPromptModal>
    </ActionSection>
  );
}
