import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
import { route } from '@/lib/route';

export default function Register() {
  const form = useForm({ name: '', email: '', password: '', password_confirmation: '', terms: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('register.store'), { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  const field = (name: 'name' | 'email' | 'password' | 'password_confirmation', label: string, type: string, autoComplete: string) => (
    <div className="mt-4 first:mt-0">
      <InputLabel htmlFor={name} value={label} />
      <TextInput
        id={name}
        type={type}
        className="mt-1 block w-full"
        value={form.data[name]}
        onChange={(event) => form.setData(name, event.target.value)}
        required
        isFocused={name === 'name'}
        autoComplete={autoComplete}
        aria-describedby={`${name}-error`}
      />
      <InputError id={`${name}-error`} className="mt-2" message={form.errors[name]} />
    </div>
  );

  return (
    <AuthLayout title="Create your account">
      <form onSubmit={submit} noValidate>
        {field('name', 'Name', 'text', 'name')}
        {field('email', 'Email', 'email', 'username')}
        {field('password', 'Password', 'password', 'new-password')}
        {field('password_confirmation', 'Confirm Password', 'password', 'new-password')}

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
              <a target="_blank" rel="noreferrer" href={route('terms-of-service')} className="underline hover:text-gray-900">
                Terms of Service
              </a>{' '}
              and{' '}
              <a target="_blank" rel="noreferrer" href={route('privacy-policy')} className="underline hover:text-gray-900">
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
