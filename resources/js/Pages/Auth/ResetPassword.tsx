import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';

export default function ResetPassword({ email, token }: { email: string; token: string }) {
  const form = useForm({ token, email, password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('password.update'), { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <AuthLayout title="Reset Password">
      <form onSubmit={submit} noValidate>
        <TextField label="Email" type="email" {...fieldProps(form, 'email')} required autoComplete="username" />
        <TextField
          label="Password"
          type="password"
          {...fieldProps(form, 'password')}
          className="mt-4"
          required
          isFocused
          autoComplete="new-password"
        />
        <TextField
          label="Confirm Password"
          type="password"
          {...fieldProps(form, 'password_confirmation')}
          className="mt-4"
          required
          autoComplete="new-password"
        />

        <div className="mt-4 flex items-center justify-end">
          <PrimaryButton disabled={form.processing}>Reset Password</PrimaryButton>
        </div>
      </form>
    </AuthLayout>
  );
}
