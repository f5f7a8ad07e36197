import { useRef, useState } from 'react';
import { useForm } from '@inertiajs/react';
import type { PasswordPromptModalProps } from '@/Components/PasswordPromptModal';

type PromptState = Pick<
  PasswordPromptModalProps,
  'show' | 'onClose' | 'password' | 'onPasswordChange' | 'onSubmit' | 'error' | 'processing' | 'inputRef'
>;

/**
 * A DELETE to `url` that the user confirms with their password: `open()` shows the prompt, and
 * `modal` goes onto a PasswordPromptModal. A wrong password keeps it open with the error and the
 * field focused; success closes it. The typed password is cleared once the request finishes.
 */
export function usePasswordPrompt(url: string) {
  const [show, setShow] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useForm({ password: '' });

  const close = () => {
    setShow(false);
    form.reset();
    form.clearErrors();
  };

  const submit = () => {
    form.delete(url, {
      preserveScroll: true,
      onSuccess: () => close(),
      onError: () => inputRef.current?.focus(),
      onFinish: () => form.reset(),
    });
  };

  const modal: PromptState = {
    show,
    onClose: close,
    password: form.data.password,
    onPasswordChange: (password) => form.setData('password', password),
    onSubmit: submit,
    error: form.errors.password,
    processing: form.processing,
    inputRef,
  };

  return { open: () => setShow(true), form, modal };
}
