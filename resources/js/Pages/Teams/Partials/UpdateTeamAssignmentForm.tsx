import { useForm } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
import Toggle from '@/Components/Toggle';
import { route } from '@/lib/route';

type Props = Pick<TeamShowProps, 'team' | 'permissions'>;

/**
 * PUT teams.assignment.update with the `updateTeamAssignment` bag: whether a conversation handed
 * to a person goes at once to an online member who takes conversations. Read-only for those who
 * may not change the team.
 */
export default function UpdateTeamAssignmentForm({ team, permissions }: Props) {
  const form = useForm({
    auto_assign: team.auto_assign,
    auto_assign_limit: team.auto_assign_limit === null ? '' : String(team.auto_assign_limit),
  });

  const save = () => {
    if (!permissions.canUpdateTeam) return;
    form.put(route('teams.assignment.update', team.id), { errorBag: 'updateTeamAssignment', preserveScroll: true });
  };

  return (
    <FormSection
      title="Conversation Assignment"
      description="Who gets a conversation when the bot hands it to a person."
      onSubmitted={save}
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
      <div className="col-span-6">
        <Toggle
          checked={form.data.auto_assign}
          onChange={(checked) => form.setData('auto_assign', checked)}
          label="Assign automatically"
          disabled={!permissions.canUpdateTeam}
        />
        <p className="mt-2 text-sm text-gray-600">
          {form.data.auto_assign
            ? 'A conversation handed to a person goes at once to a teammate who answers conversations and has Kawan open, the one with the fewest conversations in hand. With nobody online, it waits in the inbox as before.'
            : 'A conversation handed to a person waits in the inbox until someone takes it; everyone who answers conversations is notified.'}
        </p>
        <InputError message={form.errors.auto_assign} className="mt-2" />
      </div>
      {form.data.auto_assign && (
        <div className="col-span-6 sm:col-span-3">
          <InputLabel htmlFor="team-auto-assign-limit" value="Most conversations in hand per person" />
          <TextInput
            id="team-auto-assign-limit"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            className="mt-1 block w-32"
            value={form.data.auto_assign_limit}
            onChange={(event) => form.setData('auto_assign_limit', event.target.value)}
            disabled={!permissions.canUpdateTeam}
            aria-describedby="team-auto-assign-limit-hint"
            aria-invalid={form.errors.auto_assign_limit ? true : undefined}
          />
          <p id="team-auto-assign-limit-hint" className="mt-2 text-sm text-gray-500">
            Someone who has this many is given no more until they resolve some. Empty: no limit.
          </p>
          <InputError message={form.errors.auto_assign_limit} className="mt-2" />
        </div>
      )}
    </FormSection>
  );
}
