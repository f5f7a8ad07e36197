import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import DialogModal from './DialogModal';
import InputError from './InputError';
import PrimaryButton from './PrimaryButton';
import SecondaryButton from './SecondaryButton';
import TextInput from './TextInput';
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
  const formId = useId();
  const errorId = useId();

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

  const confirmPassword = async (event?: FormEvent) => {
    event?.preventDefault();
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

      <DialogModal
        show={confirmingPassword}
        onClose={closeModal}
        title={title}
        footer={
          <>
            <SecondaryButton onClick={closeModal}>Cancel</SecondaryButton>
            <PrimaryButton
              type="submit"
              form={formId}
              className={processing ? 'opacity-25' : undefined}
              disabled={processing}
            >
              {button}
            </PrimaryButton>
          </>
        }
      >
        {content}

        <form id={formId} className="mt-4" onSubmit={confirmPassword} noValidate>
          <TextInput
            ref={passwordInput}
            type="password"
            className="mt-1 block w-3/4"
            placeholder="Password"
            aria-label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            isFocused
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />

          <InputError id={errorId} message={error} className="mt-2" />
        </form>
      </DialogModal>
    </span>
  );
}
