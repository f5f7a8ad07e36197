import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import Checkbox from '@/Components/Checkbox';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { optionalRoute, route } from '@/lib/route';

export default function Login({ canResetPassword, status }: { canResetPassword: boolean; status: string | null }) {
  const form = useForm({ email: '', password: '', remember: false });
  const forgot = canResetPassword ? optionalRoute('password.request') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => ({ ...data, remember: data.remember ? 'on' : '' }));
    form.post(route('login.store'), { onFinish: () => form.reset('password') });
  };

  return (
    <AuthLayout title="Log in" status={status}>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          {...fieldProps(form, 'email')}
          required
          isFocused
          autoComplete="username"
        />

        <TextField
          label="Password"
          type="password"
          className="mt-4"
          {...fieldProps(form, 'password')}
          required
          autoComplete="current-password"
        />

        <div className="mt-4 block">
          <label className="flex items-center">
            <Checkbox
              name="remember"
              checked={form.data.remember}
              onChange={(event) => form.setData('remember', event.target.checked)}
            />
            <span className="ms-2 text-sm text-gray-600">Remember me</span>
          </label>
        </div>

        <div className="mt-4 flex items-center justify-end gap-4">
          {forgot && (
            <Link href={forgot} className="rounded-md text-sm text-gray-600 underline hover:text-gray-900">
              Forgot your password?
            </Link>
          )}
          <PrimaryButton disabled={form.processing}>Log in</PrimaryButton>
        </div>
        <p className="mt-6 border-t border-gray-100 pt-4 text-center text-sm text-gray-600">
          New to Kawan?{' '}
          <Link href={route('register')} className="font-medium text-indigo-600 hover:text-indigo-500">
            Create an account
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
