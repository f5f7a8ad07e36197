import { useForm } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import TeamOwner from './TeamOwner';

type Props = Pick<TeamShowProps, 'team' | 'permissions'>;

/** PUT teams.update with the `updateTeamName` bag; read-only for those who may not rename. */
export default function UpdateTeamNameForm({ team, permissions }: Props) {
  const form = useForm({ name: team.name });

  const updateTeamName = () => {
    if (!permissions.canUpdateTeam) return;
    form.put(route('teams.update', team.id), { errorBag: 'updateTeamName', preserveScroll: true });
  };

  return (
    <FormSection
      title="Team Name"
      description="The team's name and owner information."
      onSubmitted={updateTeamName}
      actions={
        permissions.canUpdateTeam ? (
          <>
            <ActionMessage on={form.recentlySuccessful} className="me-3">
              Saved.
            </ActionMessage>
            <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
              Save
            </PrimaryButton>
          </>
        ) : undefined
      }
    >
      <TeamOwner owner={team.owner} />

      <TextField
        label="Team Name"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'name')}
        id="team-name"
        disabled={!permissions.canUpdateTeam}
      />
    </FormSection>
  );
}
