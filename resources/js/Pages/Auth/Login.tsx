import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
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
        <div>
          <InputLabel htmlFor="email" value="Email" />
          <TextInput
            id="email"
            type="email"
            className="mt-1 block w-full"
            value={form.data.email}
            onChange={(event) => form.setData('email', event.target.value)}
            required
            isFocused
            autoComplete="username"
            aria-describedby="email-error"
          />
          <InputError id="email-error" className="mt-2" message={form.errors.email} />
        </div>

        <div className="mt-4">
          <InputLabel htmlFor="password" value="Password" />
          <TextInput
            id="password"
            type="password"
            className="mt-1 block w-full"
            value={form.data.password}
            onChange={(event) => form.setData('password', event.target.value)}
            required
            autoComplete="current-password"
            aria-describedby="password-error"
          />
          <InputError id="password-error" className="mt-2" message={form.errors.password} />
        </div>

        <div className="mt-4 block">
          <label className="flex items-center">
            <Checkbox name="remember" checked={form.data.remember} onChange={(event) => form.setData('remember', event.target.checked)} />
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
