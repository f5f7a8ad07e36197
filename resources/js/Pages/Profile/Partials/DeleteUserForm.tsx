import ActionSection from '@/Components/ActionSection';
import DangerButton from '@/Components/DangerButton';
import PasswordPromptModal from '@/Components/PasswordPromptModal';
import { usePasswordPrompt } from '@/hooks/use-password-prompt';
import { route } from '@/lib/route';

/** Deletes the account after the password is typed again; the server answers with a full reload of `/`. */
export default function DeleteUserForm() {
  const deletion = usePasswordPrompt(route('current-user.destroy'));

  return (
    <ActionSection title="Delete Account" description="Permanently delete your account.">
      <div className="max-w-xl text-sm text-gray-600">
        Once your account is deleted, all of its resources and data will be permanently deleted. Before deleting your
        account, please download any data or information that you wish to retain.
      </div>

      <div className="mt-5">
        <DangerButton onClick={deletion.open}>Delete Account</DangerButton>
      </div>

      <PasswordPromptModal
        {...deletion.modal}
        title="Delete Account"
        button="Delete Account"
        danger
        errorId="delete-user-password-error"
      >
        Are you sure you want to delete your account? Once your account is deleted, all of its resources and data will
        be permanently deleted. Please enter your password to confirm you would like to permanently delete your account.
      </PasswordPromptModal>
    </ActionSection>
  );
}
