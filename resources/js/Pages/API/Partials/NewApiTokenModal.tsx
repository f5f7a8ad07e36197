import { useRef, useState } from 'react';
import DialogModal from '@/Components/DialogModal';
import SecondaryButton from '@/Components/SecondaryButton';

type NewApiTokenModalProps = {
  /** The plain token, from the flash of the creation response; null closes the modal. */
  token: string | null;
  onClose: () => void;
};

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * Shows a new token once, with a copy button. Without the asynchronous clipboard (an insecure
 * origin, a refused permission) the token is selected instead, ready for Ctrl+C.
 */
export default function NewApiTokenModal({ token, onClose }: NewApiTokenModalProps) {
  const input = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  const selectToken = () => {
    input.current?.focus();
    input.current?.select();
  };

  const copy = async () => {
    if (!token) return;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(token);
      setCopyState('copied');
    } catch {
      selectToken();
      setCopyState('selected');
    }
  };

  const close = () => {
    setCopyState('idle');
    onClose();
  };

  return (
    <DialogModal
      show={token !== null}
      onClose={close}
      title="API Token"
      footer={<SecondaryButton onClick={close}>Close</SecondaryButton>}
    >
      <div>Please copy your new API token. For your security, it won&apos;t be shown again.</div>

      <div className="mt-4 flex items-stretch gap-2">
        <input
          ref={input}
          readOnly
          value={token ?? ''}
          aria-label="New API token"
          onFocus={selectToken}
          className="w-full min-w-0 rounded-md border-gray-200 bg-gray-100 px-4 py-2 font-mono text-sm break-all text-gray-700 focus:border-indigo-500 focus:ring-indigo-500"
        />
        <SecondaryButton onClick={copy} className="shrink-0">
          Copy
        </SecondaryButton>
      </div>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-gray-500">
        {copyState === 'copied' && 'Copied to the clipboard.'}
        {copyState === 'selected' && 'The token is selected: press Ctrl+C (⌘C on a Mac) to copy it.'}
      </p>
    </DialogModal>
  );
}
