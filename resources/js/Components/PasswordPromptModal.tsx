import { useId, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import DangerButton from './DangerButton';
import DialogModal from './DialogModal';
import InputError from './InputError';
import PrimaryButton from './PrimaryButton';
import SecondaryButton from './SecondaryButton';
import TextInput from './TextInput';

export type PasswordPromptModalProps = {
  show: boolean;
  onClose: () => void;
  title: string;
  /** What confirming will do. */
  children: ReactNode;
  /** The confirm button's text. */
  button: string;
  /** A red confirm button, for what cannot be undone. */
  danger?: boolean;
  password: string;
  onPasswordChange: (password: string) => void;
  /** Runs on the confirm button and on Enter in the field. */
  onSubmit: () => void;
  error?: string;
  /** Id of the error message; a generated one by default. */
  errorId?: string;
  processing?: boolean;
  /** The password input, to focus it again after a wrong password. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Jetstream's "type your password to confirm" dialog: the explanation, a focused password field
 * with its error, and Cancel plus the confirm button. Enter in the field confirms.
 */
export default function PasswordPromptModal({
  show,
  onClose,
  title,
  children,
  button,
  danger = false,
  password,
  onPasswordChange,
  onSubmit,
  error,
  errorId,
  processing = false,
  inputRef,
}: PasswordPromptModalProps) {
  const generatedErrorId = useId();
  const passwordErrorId = errorId ?? generatedErrorId;
  const ConfirmButton = danger ? DangerButton : PrimaryButton;

  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onSubmit();
  };

  return (
    <DialogModal
      show={show}
      onClose={onClose}
      title={title}
      footer={
        <>
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <ConfirmButton type="button" onClick={onSubmit} disabled={processing}>
            {button}
          </ConfirmButton>
        </>
      }
    >
      {children}
      <div className="mt-4">
        <TextInput
          ref={inputRef}
          type="password"
          className="mt-1 block w-3/4"
          placeholder="Password"
          aria-label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          onKeyDown={submitOnEnter}
          isFocused
          aria-invalid={error ? true : undefined}
          aria-describedby={passwordErrorId}
        />
        <InputError id={passwordErrorId} className="mt-2" message={error} />
      </div>
    </DialogModal>
  );
}
