import { useRef } from 'react';
import { useForm } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
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
        <TextField
          key={field.name}
          label={field.label}
          ref={(element) => {
            inputs.current[field.name] = element;
          }}
          type="password"
          className="col-span-6 sm:col-span-4"
          {...fieldProps(form, field.name)}
          autoComplete={field.autoComplete}
        />
      ))}
    </FormSection>
  );
}
