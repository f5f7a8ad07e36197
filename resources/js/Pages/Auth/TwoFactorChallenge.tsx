import { useState, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
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
          <TextField
            label="Code"
            inputMode="numeric"
            {...fieldProps(form, 'code')}
            isFocused
            autoComplete="one-time-code"
          />
        ) : (
          <TextField
            label="Recovery Code"
            {...fieldProps(form, 'recovery_code')}
            isFocused
            autoComplete="one-time-code"
          />
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
