import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import ConfirmsPassword from '@/Components/ConfirmsPassword';
import DangerButton from '@/Components/DangerButton';
import InputError from '@/Components/InputError';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';

/**
 * Deletes the team (never shown for a personal team): the password is confirmed first (the route
 * requires it), then the user confirms once more; DELETE teams.destroy with the `deleteTeam` bag.
 */
export default function DeleteTeamForm({ team }: { team: TeamShowProps['team'] }) {
  const [confirmingTeamDeletion, setConfirmingTeamDeletion] = useState(false);
  const form = useForm({});

  const close = () => {
    setConfirmingTeamDeletion(false);
    form.clearErrors();
  };

  const deleteTeam = () => {
    form.delete(route('teams.destroy', team.id), { errorBag: 'deleteTeam', onSuccess: () => close() });
  };

  const errors = form.errors as Record<string, string | undefined>;

  return (
    <ActionSection title="Delete Team" description="Permanently delete this team.">
      <div className="max-w-xl text-sm text-gray-600">
        Once a team is deleted, all of its resources and data will be permanently deleted: its bots, channels, knowledge
        bases, conversations and API tokens. Before deleting this team, please download any data or information
        regarding this team that you wish to retain.
      </div>

      <div className="mt-5">
        <ConfirmsPassword onConfirmed={() => setConfirmingTeamDeletion(true)}>
          <DangerButton>Delete Team</DangerButton>
        </ConfirmsPassword>
      </div>

      <ConfirmationModal
        show={confirmingTeamDeletion}
        onClose={close}
        title="Delete Team"
        footer={
          <>
            <SecondaryButton onClick={close}>Cancel</SecondaryButton>
            <DangerButton
              className={form.processing ? 'opacity-25' : undefined}
              disabled={form.processing}
              onClick={deleteTeam}
            >
              Delete Team
            </DangerButton>
          </>
        }
      >
        Are you sure you want to delete {team.name}? Once a team is deleted, all of its resources and data will be
        permanently deleted.
        <InputError className="mt-2" message={errors.team} />
      </ConfirmationModal>
    </ActionSection>
  );
}
