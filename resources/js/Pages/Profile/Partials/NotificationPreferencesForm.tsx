import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import Checkbox from '@/Components/Checkbox';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { desktopState, turnDesktopOff, turnDesktopOn, type DesktopState } from '@/lib/desktop-notifications';
import { route } from '@/lib/route';

export interface MailNotifications {
  options: { key: string; label: string; description: string }[];
  chosen: string[];
  delayMinutes: number;
}

const minutes = (count: number) => `${count} ${count === 1 ? 'minute' : 'minutes'}`;

/**
 * What Kawan e-mails the person about when its bell goes unread (`mail`, errors in
 * `updateNotificationPreferences`): each kind of conversation notification on or off.
 */
export default function NotificationPreferencesForm({ mailNotifications }: { mailNotifications: MailNotifications }) {
  const form = useForm({ mail: mailNotifications.chosen });
  const { delayMinutes } = mailNotifications;

  const toggle = (key: string, on: boolean) =>
    form.setData(
      'mail',
      on
        ? [...form.data.mail.filter((chosen) => chosen !== key), key]
        : form.data.mail.filter((chosen) => chosen !== key),
    );

  const save = () => {
    form.put(route('user-notification-preferences.update'), {
      errorBag: 'updateNotificationPreferences',
      preserveScroll: true,
    });
  };

  const when =
    delayMinutes > 0
      ? `when you have not read it on the bell ${minutes(delayMinutes)} later`
      : 'as soon as it rings the bell';

  return (
    <FormSection
      title="Notifications"
      description={`The bell tells you at once. Choose what Kawan also e-mails you about ${when}, unless you have Kawan open and are available, and whether this browser shows the bell on your desktop.`}
      onSubmitted={save}
      actions={
        <>
          <ActionMessage on={form.recentlySuccessful} className="me-3">
            Saved.
          </ActionMessage>
          <PrimaryButton disabled={form.processing}>Save</PrimaryButton>
        </>
      }
    >
      <fieldset className="col-span-6 sm:col-span-4">
        <legend className="block text-sm font-medium text-gray-700">E-mail me about</legend>
        <div className="mt-3 space-y-4">
          {mailNotifications.options.map((option) => (
            <div key={option.key} className="flex items-start gap-3">
              <Checkbox
                id={`mail-${option.key}`}
                name="mail[]"
                value={option.key}
                className="mt-0.5"
                checked={form.data.mail.includes(option.key)}
                onChange={(event) => toggle(option.key, event.target.checked)}
                aria-describedby={`mail-${option.key}-description`}
              />
              <div>
                <label htmlFor={`mail-${option.key}`} className="block text-sm font-medium text-gray-900">
                  {option.label}
                </label>
                <p id={`mail-${option.key}-description`} className="text-sm text-gray-500">
                  {option.description}
                </p>
              </div>
            </div>
          ))}
        </div>
        <InputError className="mt-2" message={form.errors.mail ?? form.errors['mail.0']} />
      </fieldset>
      <DesktopNotifications />
    </FormSection>
  );
}

const desktopWords: Record<DesktopState, string> = {
  unsupported: 'This browser cannot show notifications on your desktop.',
  default: 'Show the bell on your desktop while Kawan is in the background.',
  denied:
    "This browser blocks Kawan's notifications. Allow them in the site's settings (beside the address), then reload this page.",
  on: 'On: the bell shows on your desktop while Kawan is in the background.',
  off: 'Off on this browser.',
};

/** The browser's own notifications, for this browser only (its permission and a stored choice). */
function DesktopNotifications() {
  const [state, setState] = useState<DesktopState>(desktopState);
  const [asking, setAsking] = useState(false);
  const turnOn = async () => {
    setAsking(true);
    try {
      setState(await turnDesktopOn());
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className="col-span-6 border-t border-gray-200 pt-6 sm:col-span-4">
      <h4 className="text-sm font-medium text-gray-700">Desktop notifications on this browser</h4>
      <p className="mt-1 text-sm text-gray-500" data-testid="desktop-notifications-state">
        {desktopWords[state]}
      </p>
      {(state === 'default' || state === 'off') && (
        <SecondaryButton type="button" className="mt-3" onClick={() => void turnOn()} disabled={asking}>
          Turn on desktop notifications
        </SecondaryButton>
      )}
      {state === 'on' && (
        <SecondaryButton type="button" className="mt-3" onClick={() => setState(turnDesktopOff())}>
          Turn off
        </SecondaryButton>
      )}
    </div>
  );
}
