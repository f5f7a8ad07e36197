import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';
import type { ChannelSummary } from './types';

/** Deletes the channel after a confirmation: DELETE channels.destroy, then the list. */
export default function DeleteChannelForm({ channel }: { channel: Pick<ChannelSummary, 'id' | 'name'> }) {
  const [confirming, setConfirming] = useState(false);
  const form = useForm({});

  const destroy = () => {
    form.delete(route('channels.destroy', { channel: channel.id }), { onSuccess: () => setConfirming(false) });
  };

  return (
    <ActionSection title="Delete channel" description="Disconnect and permanently delete this channel.">
      <div className="max-w-xl text-sm text-gray-600">
        Once a channel is deleted, Kawan stops receiving and answering its messages and its credentials and event log
        are deleted. Its conversations stay in the inbox.
      </div>

      <div className="mt-5">
        <DangerButton onClick={() => setConfirming(true)}>Delete channel</DangerButton>
      </div>

      <ConfirmationModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title="Delete channel"
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
        Are you sure you want to delete <span className="font-medium break-words">{channel.name}</span>? This cannot be
        undone.
      </ConfirmationModal>
    </ActionSection>
  );
}
