import { useRef, useState, type ReactNode } from 'react';
import PasswordPromptModal from './PasswordPromptModal';
import { JsonRequestError, requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';

type ConfirmsPasswordProps = {
  title?: string;
  content?: string;
  button?: string;
  /** Runs once the password is known to be confirmed (already, or through the modal). */
  onConfirmed: () => void;
  /** The control that starts the action (a button). */
  children: ReactNode;
};

const fallbackError = 'Something went wrong. Please try again.';

/**
 * Jetstream's ConfirmsPassword: a click on the wrapped control first asks the server whether the
 * password was confirmed recently; if not, a modal asks for it (a JSON POST to
 * `password.confirm.store`) and shows the server's message on failure. The action runs after.
 */
export default function ConfirmsPassword({
  title = 'Confirm Password',
  content = 'For your security, please confirm your password to continue.',
  button = 'Confirm',
  onConfirmed,
  children,
}: ConfirmsPasswordProps) {
  const [confirmingPassword, setConfirmingPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [processing, setProcessing] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  const startConfirmingPassword = async () => {
    try {
      const status = await requestJson<{ confirmed: boolean }>('GET', route('password.confirmation'));
      if (status.confirmed) return onConfirmed();
    } catch {
      // The status is unknown: ask for the password.
    }
    setConfirmingPassword(true);
  };

  const closeModal = () => {
    setConfirmingPassword(false);
    setPassword('');
    setError('');
  };

  const confirmPassword = async () => {
    if (processing) return;
    setProcessing(true);
    try {
      await requestJson('POST', route('password.confirm.store'), { password });
      setProcessing(false);
      closeModal();
      onConfirmed();
    } catch (failure) {
      setProcessing(false);
      const body =
        failure instanceof JsonRequestError
          ? (failure.body as { errors?: { password?: string[] }; message?: string } | null)
          : null;
      setError(body?.errors?.password?.[0] ?? body?.message ?? fallbackError);
      passwordInput.current?.focus();
    }
  };

  return (
    <span>
      <span onClick={startConfirmingPassword}>{children}</span>

      <PasswordPromptModal
        show={confirmingPassword}
        onClose={closeModal}
        title={title}
        button={button}
        password={password}
        onPasswordChange={setPassword}
        onSubmit={confirmPassword}
        error={error}
        processing={processing}
        inputRef={passwordInput}
      >
        {content}
      </PasswordPromptModal>
    </span>
  );
}
