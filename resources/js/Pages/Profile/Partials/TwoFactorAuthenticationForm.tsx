import { useState, type KeyboardEvent } from 'react';
import { router, useForm, usePage } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmsPassword from '@/Components/ConfirmsPassword';
import DangerButton from '@/Components/DangerButton';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import TextInput from '@/Components/TextInput';
import { requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';

/**
 * Jetstream's two-factor section. Not enabled → "Enable" → enabling (QR code, setup key, code to
 * confirm, or Cancel) → enabled (recovery codes, Regenerate/Show, Disable). Every button asks for
 * the password first when it was not confirmed recently. The secret and the codes are fetched as
 * JSON when needed and only kept in this component's state.
 */
export default function TwoFactorAuthenticationForm({ requiresConfirmation }: { requiresConfirmation: boolean }) {
  const { auth } = usePage().props;
  const [enabling, setEnabling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [qrCode, setQrCode] = useState<string | null>(null);
  const [setupKey, setSetupKey] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const confirmationForm = useForm({ code: '' });

  const twoFactorEnabled = !enabling && Boolean(auth.user?.two_factor_enabled);

  const showQrCode = () =>
    requestJson<{ svg?: string }>('GET', route('two-factor.qr-code')).then((data) => setQrCode(data?.svg ?? null));
  const showSetupKey = () =>
    requestJson<{ secretKey: string }>('GET', route('two-factor.secret-key')).then((data) =>
      setSetupKey(data.secretKey),
    );
  const showRecoveryCodes = () =>
    requestJson<string[]>('GET', route('two-factor.recovery-codes')).then((codes) =>
      setRecoveryCodes(Array.isArray(codes) ? codes : []),
    );

  const enableTwoFactorAuthentication = () => {
    setEnabling(true);
    confirmationForm.reset();
    confirmationForm.clearErrors();
    router.post(
      route('two-factor.enable'),
      {},
      {
        preserveScroll: true,
        onSuccess: () => Promise.all([showQrCode(), showSetupKey(), showRecoveryCodes()]),
        onFinish: () => {
          setEnabling(false);
          setConfirming(requiresConfirmation);
        },
      },
    );
  };

  const confirmTwoFactorAuthentication = () => {
    confirmationForm.post(route('two-factor.confirm'), {
      errorBag: 'confirmTwoFactorAuthentication',
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => {
        setConfirming(false);
        setQrCode(null);
        setSetupKey(null);
      },
    });
  };

  const confirmOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    confirmTwoFactorAuthentication();
  };

  const regenerateRecoveryCodes = () => {
    requestJson('POST', route('two-factor.regenerate-recovery-codes')).then(showRecoveryCodes);
  };

  const disableTwoFactorAuthentication = () => {
    setDisabling(true);
    router.delete(route('two-factor.disable'), {
      preserveScroll: true,
      onSuccess: () => {
        setConfirming(false);
        setQrCode(null);
        setSetupKey(null);
        setRecoveryCodes([]);
        confirmationForm.reset();
        confirmationForm.clearErrors();
      },
      onFinish: () => setDisabling(false),
    });
  };

  return (
    <ActionSection
      title="Two Factor Authentication"
      description="Add additional security to your account using two factor authentication."
    >
      <h3 className="text-lg font-medium text-gray-900">
        {twoFactorEnabled && !confirming && 'You have enabled two factor authentication.'}
        {twoFactorEnabled && confirming && 'Finish enabling two factor authentication.'}
        {!twoFactorEnabled && 'You have not enabled two factor authentication.'}
      </h3>

      <div className="mt-3 max-w-xl text-sm text-gray-600">
        <p>
          When two factor authentication is enabled, you will be prompted for a secure, random token during
          authentication. You may retrieve this token from your phone&apos;s Google Authenticator application.
        </p>
      </div>

      {twoFactorEnabled && (
        <div>
          {qrCode && (
            <div>
              <div className="mt-4 max-w-xl text-sm text-gray-600">
                {confirming ? (
                  <p className="font-semibold">
                    To finish enabling two factor authentication, scan the following QR code using your phone&apos;s
                    authenticator application or enter the setup key and provide the generated OTP code.
                  </p>
                ) : (
                  <p>
                    Two factor authentication is now enabled. Scan the following QR code using your phone&apos;s
                    authenticator application or enter the setup key.
                  </p>
                )}
              </div>

              <div
                className="mt-4 inline-block bg-white p-2"
                role="img"
                aria-label="QR code for your authenticator application"
                dangerouslySetInnerHTML={{ __html: qrCode }}
              />

              {setupKey && (
                <div className="mt-4 max-w-xl text-sm text-gray-600">
                  <p className="font-semibold">
                    Setup Key:{' '}
                    <span className="font-mono select-all" data-testid="two-factor-setup-key">
                      {setupKey}
                    </span>
                  </p>
                </div>
              )}

              {confirming && (
                <div className="mt-4">
                  <InputLabel htmlFor="code" value="Code" />
                  <TextInput
                    id="code"
                    type="text"
                    name="code"
                    className="mt-1 block w-1/2"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    isFocused
                    value={confirmationForm.data.code}
                    onChange={(event) => confirmationForm.setData('code', event.target.value)}
                    onKeyDown={confirmOnEnter}
                    aria-invalid={confirmationForm.errors.code ? true : undefined}
                    aria-describedby={confirmationForm.errors.code ? 'code-error' : undefined}
                  />
                  <InputError id="code-error" message={confirmationForm.errors.code} className="mt-2" />
                </div>
              )}
            </div>
          )}

          {recoveryCodes.length > 0 && !confirming && (
            <div>
              <div className="mt-4 max-w-xl text-sm text-gray-600">
                <p className="font-semibold">
                  Store these recovery codes in a secure password manager. They can be used to recover access to your
                  account if your two factor authentication device is lost.
                </p>
              </div>

              <ul
                className="mt-4 grid max-w-xl gap-1 rounded-lg bg-gray-100 px-4 py-4 font-mono text-sm"
                aria-label="Recovery codes"
              >
                {recoveryCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}

      <div className="mt-5">
        {!twoFactorEnabled ? (
          <ConfirmsPassword onConfirmed={enableTwoFactorAuthentication}>
            <PrimaryButton type="button" className={enabling ? 'opacity-25' : undefined} disabled={enabling}>
              Enable
            </PrimaryButton>
          </ConfirmsPassword>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            {confirming && (
              <ConfirmsPassword onConfirmed={confirmTwoFactorAuthentication}>
                <PrimaryButton
                  type="button"
                  className={enabling ? 'opacity-25' : undefined}
                  disabled={enabling || confirmationForm.processing}
                >
                  Confirm
                </PrimaryButton>
              </ConfirmsPassword>
            )}

            {recoveryCodes.length > 0 && !confirming && (
              <ConfirmsPassword onConfirmed={regenerateRecoveryCodes}>
                <SecondaryButton>Regenerate Recovery Codes</SecondaryButton>
              </ConfirmsPassword>
            )}

            {recoveryCodes.length === 0 && !confirming && (
              <ConfirmsPassword onConfirmed={showRecoveryCodes}>
                <SecondaryButton>Show Recovery Codes</SecondaryButton>
              </ConfirmsPassword>
            )}

            {confirming ? (
              <ConfirmsPassword onConfirmed={disableTwoFactorAuthentication}>
                <SecondaryButton className={disabling ? 'opacity-25' : undefined} disabled={disabling}>
                  Cancel
                </SecondaryButton>
              </ConfirmsPassword>
            ) : (
              <ConfirmsPassword onConfirmed={disableTwoFactorAuthentication}>
                <DangerButton className={disabling ? 'opacity-25' : undefined} disabled={disabling}>
                  Disable
                </DangerButton>
              </ConfirmsPassword>
            )}
          </div>
        )}
      </div>
    </ActionSection>
  );
}
