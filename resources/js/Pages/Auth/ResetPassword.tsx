import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
import { route } from '@/lib/route';

export default function ResetPassword({ email, token }: { email: string; token: string }) {
  const form = useForm({ token, email, password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('password.update'), { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  const field = (name: 'email' | 'password' | 'password_confirmation', label: string, type: string, autoComplete: string) => (
    <div className="mt-4 first:mt-0">
      <InputLabel htmlFor={name} value={label} />
      <TextInput
        id={name}
        type={type}
        className="mt-1 block w-full"
        value={form.data[name]}
        onChange={(event) => form.setData(name, event.target.value)}
        required
        isFocused={name === 'password'}
        autoComplete={autoComplete}
        aria-describedby={`${name}-error`}
      />
      <InputError id={`${name}-error`} className="mt-2" message={form.errors[name]} />
    </div>
  );

  return (
    <AuthLayout title="Reset Password">
      <form onSubmit={submit} noValidate>
        {field('email', 'Email', 'email', 'username')}
        {field('password', 'Password', 'password', 'new-password')}
        {field('password_confirmation', 'Confirm Password', 'password', 'new-password')}

        <div className="mt-4 flex items-center justify-end">
          <PrimaryButton disabled={form.processing}>Reset Password</PrimaryButton>
        </div>
      </form>
    </AuthLayout>
  );
}
