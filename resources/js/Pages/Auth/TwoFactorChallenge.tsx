import { useState, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
import { route } from '@/lib/route';

/** The second step of a login with two-factor authentication: a code from the app, or a recovery code. */
export default function TwoFactorChallenge() {
  const [recovery, setRecovery] = useState(false);
  const form = useForm({ code: '', recovery_code: '' });

  const toggleRecovery = () => {
    // Only the field on screen is sent: the other one is emptied.
    form.setData(recovery ? 'recovery_code' : 'code', '');
    setRecovery(!recovery);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('two-factor.login.store'));
  };

  return (
    <AuthLayout
      title="Two-factor Confirmation"
      intro={
        recovery
          ? 'Please confirm access to your account by entering one of your emergency recovery codes.'
          : 'Please confirm access to your account by entering the authentication code provided by your authenticator application.'
      }
    >
      <form onSubmit={submit} noValidate>
        {!recovery ? (
          <div>
            <InputLabel htmlFor="code" value="Code" />
            <TextInput
              id="code"
              type="text"
              inputMode="numeric"
              className="mt-1 block w-full"
              value={form.data.code}
              onChange={(event) => form.setData('code', event.target.value)}
              isFocused
              autoComplete="one-time-code"
              aria-invalid={form.errors.code ? true : undefined}
              aria-describedby={form.errors.code ? 'code-error' : undefined}
            />
            <InputError id="code-error" className="mt-2" message={form.errors.code} />
          </div>
        ) : (
          <div>
            <InputLabel htmlFor="recovery_code" value="Recovery Code" />
            <TextInput
              id="recovery_code"
              type="text"
              className="mt-1 block w-full"
              value={form.data.recovery_code}
              onChange={(event) => form.setData('recovery_code', event.target.value)}
              isFocused
              autoComplete="one-time-code"
              aria-invalid={form.errors.recovery_code ? true : undefined}
              aria-describedby={form.errors.recovery_code ? 'recovery_code-error' : undefined}
            />
            <InputError id="recovery_code-error" className="mt-2" message={form.errors.recovery_code} />
          </div>
        )}

        <div className="mt-4 flex items-center justify-end gap-4">
          <button
            type="button"
            className="cursor-pointer text-sm text-gray-600 underline hover:text-gray-900"
            onClick={toggleRecovery}
          >
            {recovery ? 'Use an authentication code' : 'Use a recovery code'}
          </button>
          <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
            Log in
          </PrimaryButton>
        </div>
      </form>
    </AuthLayout>
  );
}
