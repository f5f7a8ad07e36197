import { useState, type ReactNode } from 'react';
import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import SecondaryButton from '@/Components/SecondaryButton';

/**
 * A "Delete …" section in Jetstream's shape: what deleting the thing does (`children`), a danger
 * button, and a confirmation that names it; then DELETE `url` (the server answers with its list).
 */
export default function DeleteSection({
  noun,
  name,
  url,
  description,
  children,
}: {
  /** What is deleted, in lower case: "bot", "knowledge base". */
  noun: string;
  /** Its own name, in the confirmation. */
  name: string;
  url: string;
  description: string;
  children: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const form = useForm({});

  const destroy = () => {
    form.delete(url, { onSuccess: () => setConfirming(false) });
  };

  return (
    <ActionSection title={`Delete ${noun}`} description={description}>
      <div className="max-w-xl text-sm text-gray-600">{children}</div>

      <div className="mt-5">
        <DangerButton onClick={() => setConfirming(true)}>Delete {noun}</DangerButton>
      </div>

      <ConfirmationModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${noun}`}
        footer={
          <>
            <SecondaryButton onClick={() => setConfirming(false)}>Cancel</SecondaryButton>
            <DangerButton
              className={form.processing ? 'opacity-25' : undefined}
              disabled={form.processing}
              onClick={destroy}
            >
              Delete
            </DangerButton>
          </>
        }
      >
        Are you sure you want to delete <span className="font-medium break-words">{name}</span>? This cannot be undone.
      </ConfirmationModal>
    </ActionSection>
  );
}
