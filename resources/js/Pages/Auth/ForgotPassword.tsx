import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';

export default function ForgotPassword({ status }: { status: string | null }) {
  const form = useForm({ email: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('password.email'));
  };

  return (
    <AuthLayout
      title="Forgot Password"
      status={status}
      intro="Forgot your password? No problem. Just let us know your email address and we will email you a password reset link that will allow you to choose a new one."
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          {...fieldProps(form, 'email')}
          required
          isFocused
          autoComplete="username"
        />

        <div className="mt-4 flex items-center justify-end gap-4">
          <Link href={route('login')} className="rounded-md text-sm text-gray-600 underline hover:text-gray-900">
            Back to log in
          </Link>
          <PrimaryButton disabled={form.processing}>Email Password Reset Link</PrimaryButton>
        </div>
      </form>
    </AuthLayout>
  );
}
