import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';
import type { BotSummary } from './types';

/** Deletes the bot after a confirmation: DELETE bots.destroy, then the list. */
export default function DeleteBotForm({ bot }: { bot: BotSummary }) {
  const [confirming, setConfirming] = useState(false);
  const form = useForm({});

  const destroy = () => {
    form.delete(route('bots.destroy', bot.id), { onSuccess: () => setConfirming(false) });
  };

  return (
    <ActionSection title="Delete bot" description="Permanently delete this bot.">
      <div className="max-w-xl text-sm text-gray-600">
        Once a bot is deleted, its versions, test questions and recorded replies are deleted and it stops answering
        everywhere. Its knowledge bases stay.
      </div>

      <div className="mt-5">
        <DangerButton onClick={() => setConfirming(true)}>Delete bot</DangerButton>
      </div>

      <ConfirmationModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title="Delete bot"
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
        Are you sure you want to delete <span className="font-medium break-words">{bot.name}</span>? This cannot be
        undone.
      </ConfirmationModal>
    </ActionSection>
  );
}
