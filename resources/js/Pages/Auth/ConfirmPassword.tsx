import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
import { route } from '@/lib/route';

export default function ConfirmPassword() {
  const form = useForm({ password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('password.confirm.store'), { onFinish: () => form.reset() });
  };

  return (
    <AuthLayout title="Secure Area" intro="This is a secure area of the application. Please confirm your password before continuing.">
      <form onSubmit={submit} noValidate>
        <div>
          <InputLabel htmlFor="password" value="Password" />
          <TextInput
            id="password"
            type="password"
            className="mt-1 block w-full"
            value={form.data.password}
            onChange={(event) => form.setData('password', event.target.value)}
            required
            isFocused
            autoComplete="current-password"
            aria-describedby="password-error"
          />
          <InputError id="password-error" className="mt-2" message={form.errors.password} />
        </div>

        <div className="mt-4 flex justify-end">
          <PrimaryButton disabled={form.processing}>Confirm</PrimaryButton>
        </div>
      </form>
    </AuthLayout>
  );
}
