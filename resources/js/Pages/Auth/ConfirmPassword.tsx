import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';

export default function ConfirmPassword() {
  const form = useForm({ password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('password.confirm.store'), { onFinish: () => form.reset() });
  };

  return (
    <AuthLayout
      title="Secure Area"
      intro="This is a secure area of the application. Please confirm your password before continuing."
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label="Password"
          type="password"
          {...fieldProps(form, 'password')}
          required
          isFocused
          autoComplete="current-password"
        />

        <div className="mt-4 flex justify-end">
          <PrimaryButton disabled={form.processing}>Confirm</PrimaryButton>
        </div>
      </form>
    </AuthLayout>
  );
}
