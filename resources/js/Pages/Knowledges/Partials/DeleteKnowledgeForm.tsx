import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';
import type { Knowledge } from './types';

/** Deletes the knowledge base after a confirmation: DELETE knowledges.destroy, then the list. */
export default function DeleteKnowledgeForm({ knowledge }: { knowledge: Knowledge }) {
  const [confirming, setConfirming] = useState(false);
  const form = useForm({});

  const destroy = () => {
    form.delete(route('knowledges.destroy', knowledge.id), { onSuccess: () => setConfirming(false) });
  };

  return (
    <ActionSection title="Delete knowledge base" description="Permanently delete this knowledge base.">
      <div className="max-w-xl text-sm text-gray-600">
        Once a knowledge base is deleted, its sources, uploaded files and chunks are permanently deleted, and bots that
        use it no longer find its answers.
      </div>

      <div className="mt-5">
        <DangerButton onClick={() => setConfirming(true)}>Delete knowledge base</DangerButton>
      </div>

      <ConfirmationModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title="Delete knowledge base"
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
        Are you sure you want to delete <span className="font-medium break-words">{knowledge.name}</span>? This cannot
        be undone.
      </ConfirmationModal>
    </ActionSection>
  );
}
