import { useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import DangerButton from '@/Components/DangerButton';
import DialogModal from '@/Components/DialogModal';
import InputError from '@/Components/InputError';
import SecondaryButton from '@/Components/SecondaryButton';
import TextInput from '@/Components/TextInput';
import { route } from '@/lib/route';

/** Deletes the account after the password is typed again; the server answers with a full reload of `/`. */
export default function DeleteUserForm() {
  const [confirmingUserDeletion, setConfirmingUserDeletion] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const form = useForm({ password: '' });

  const closeModal = () => {
    setConfirmingUserDeletion(false);
    form.reset();
    form.clearErrors();
  };

  const deleteUser = () => {
    form.delete(route('current-user.destroy'), {
      preserveScroll: true,
      onSuccess: () => closeModal(),
      onError: () => passwordInput.current?.focus(),
      onFinish: () => form.reset(),
    });
  };

  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    deleteUser();
  };

  return (
    <ActionSection title="Delete Account" description="Permanently delete your account.">
      <div className="max-w-xl text-sm text-gray-600">
        Once your account is deleted, all of its resources and data will be permanently deleted. Before deleting your
        account, please download any data or information that you wish to retain.
      </div>

      <div className="mt-5">
        <DangerButton onClick={() => setConfirmingUserDeletion(true)}>Delete Account</DangerButton>
      </div>

      <DialogModal
        show={confirmingUserDeletion}
        onClose={closeModal}
        title="Delete Account"
        footer={
          <>
            <SecondaryButton onClick={closeModal}>Cancel</SecondaryButton>
            <DangerButton onClick={deleteUser} disabled={form.processing}>
              Delete Account
            </DangerButton>
          </>
        }
      >
        Are you sure you want to delete your account? Once your account is deleted, all of its resources and data will
        be permanently deleted. Please enter your password to confirm you would like to permanently delete your account.
        <div className="mt-4">
          <TextInput
            ref={passwordInput}
            type="password"
            className="mt-1 block w-3/4"
            placeholder="Password"
            aria-label="Password"
            autoComplete="current-password"
            value={form.data.password}
            onChange={(event) => form.setData('password', event.target.value)}
            onKeyDown={submitOnEnter}
            isFocused
            aria-invalid={form.errors.password ? true : undefined}
            aria-describedby="delete-user-password-error"
          />
          <InputError id="delete-user-password-error" className="mt-2" message={form.errors.password} />
        </div>
      </DialogModal>
    </ActionSection>
  );
}
