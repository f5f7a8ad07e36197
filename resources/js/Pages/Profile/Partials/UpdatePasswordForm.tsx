import { useRef } from 'react';
import { useForm } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
import { route } from '@/lib/route';

type Field = 'current_password' | 'password' | 'password_confirmation';

const fields: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'current_password', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'password', label: 'New Password', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'Confirm Password', autoComplete: 'new-password' },
];

/** Current, new and confirmed password, errors in `updatePassword`; a failing field is emptied and focused. */
export default function UpdatePasswordForm() {
  const form = useForm({ current_password: '', password: '', password_confirmation: '' });
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const updatePassword = () => {
    form.put(route('user-password.update'), {
      errorBag: 'updatePassword',
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: (errors) => {
        if (errors.password) {
          form.reset('password', 'password_confirmation');
          inputs.current.password?.focus();
        }
        if (errors.current_password) {
          form.reset('current_password');
          inputs.current.current_password?.focus();
        }
      },
    });
  };

  return (
    <FormSection
      title="Update Password"
      description="Ensure your account is using a long, random password to stay secure."
      onSubmitted={updatePassword}
      actions={
        <>
          <ActionMessage on={form.recentlySuccessful} className="me-3">
            Saved.
          </ActionMessage>
          <PrimaryButton disabled={form.processing}>Save</PrimaryButton>
        </>
      }
    >
      {fields.map((field) => (
        <div key={field.name} className="col-span-6 sm:col-span-4">
          <InputLabel htmlFor={field.name} value={field.label} />
          <TextInput
            id={field.name}
            ref={(element) => {
              inputs.current[field.name] = element;
            }}
            type="password"
            className="mt-1 block w-full"
            value={form.data[field.name]}
            onChange={(event) => form.setData(field.name, event.target.value)}
            autoComplete={field.autoComplete}
            aria-invalid={form.errors[field.name] ? true : undefined}
            aria-describedby={`${field.name}-error`}
          />
          <InputError id={`${field.name}-error`} className="mt-2" message={form.errors[field.name]} />
        </div>
      ))}
    </FormSection>
  );
}
