import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';

export default function Register() {
  const form = useForm({ name: '', email: '', password: '', password_confirmation: '', terms: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('register.store'), { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <AuthLayout title="Create your account">
      <form onSubmit={submit} noValidate>
        <TextField label="Name" {...fieldProps(form, 'name')} required isFocused autoComplete="name" />
        <TextField
          label="Email"
          type="email"
          {...fieldProps(form, 'email')}
          className="mt-4"
          required
          autoComplete="username"
        />
        <TextField
          label="Password"
          type="password"
          {...fieldProps(form, 'password')}
          className="mt-4"
          required
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

        <div className="mt-4">
          <label className="flex items-start gap-2">
            <Checkbox
              name="terms"
              className="mt-0.5"
              checked={form.data.terms}
              onChange={(event) => form.setData('terms', event.target.checked)}
              aria-describedby="terms-error"
            />
            <span className="text-sm text-gray-600">
              I agree to the{' '}
              <a
                target="_blank"
                rel="noreferrer"
                href={route('terms-of-service')}
                className="underline hover:text-gray-900"
              >
                Terms of Service
              </a>{' '}
              and{' '}
              <a
                target="_blank"
                rel="noreferrer"
                href={route('privacy-policy')}
                className="underline hover:text-gray-900"
              >
                Privacy Policy
              </a>
            </span>
          </label>
          <InputError id="terms-error" className="mt-2" message={form.errors.terms} />
        </div>

        <div className="mt-4 flex items-center justify-end gap-4">
          <Link href={route('login')} className="rounded-md text-sm text-gray-600 underline hover:text-gray-900">
            Already registered?
          </Link>
          <PrimaryButton disabled={form.processing}>Register</PrimaryButton>
        </div>
      </form>
    </AuthLayout>
  );
}
