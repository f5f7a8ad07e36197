import { useForm } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import type { PlanLimitProps } from '../../../../../server/presenters/plan-usage-presenter';
import ActionMessage from '@/Components/ActionMessage';
import ActionSection from '@/Components/ActionSection';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import { PlanLimitLine, PlanLimitNotice } from '@/Components/PlanLimit';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import RolePicker from './RolePicker';

type Props = Pick<TeamShowProps, 'team' | 'availableRoles'> & {
  /** The plan's members (the owner, members and pending invitations); null: not shown. */
  limit: PlanLimitProps | null;
};

const TITLE = 'Add Team Member';
const DESCRIPTION = 'Add a new team member to your team, allowing them to collaborate with you.';
const memberNoun = { one: 'member', many: 'members' };

/**
 * POST team-members.store with the `addTeamMember` bag: an invitation mailed to the address. The
 * members meter says how many of the plan's places are taken; once all are, a notice takes the
 * form's place (cancelling an invitation or removing a member frees one).
 */
export default function AddTeamMemberForm({ team, availableRoles, limit }: Props) {
  const form = useForm({ email: '', role: '' });

  if (limit?.reached) {
    return (
      <ActionSection title={TITLE} description={DESCRIPTION}>
        <PlanLimitLine limit={limit} noun={memberNoun} note="invitations included" />
        <PlanLimitNotice limit={limit} noun={memberNoun} className="mt-3" />
        <p className="mt-3 text-sm text-gray-600">
          Cancelling a pending invitation or removing a member also frees a place.
        </p>
      </ActionSection>
    );
  }

  const addTeamMember = () => {
    form.post(route('team-members.store', team.id), {
      errorBag: 'addTeamMember',
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  };

  return (
    <FormSection
      title={TITLE}
      description={DESCRIPTION}
      onSubmitted={addTeamMember}
      actions={
        <>
          <ActionMessage on={form.recentlySuccessful} className="me-3">
            Added.
          </ActionMessage>
          <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
            Add
          </PrimaryButton>
        </>
      }
    >
      <div className="col-span-6">
        <div className="max-w-xl text-sm text-gray-600">
          Please provide the email address of the person you would like to add to this team. They will receive an
          invitation by e-mail.
        </div>
        {limit && <PlanLimitLine limit={limit} noun={memberNoun} note="invitations included" className="mt-2" />}
      </div>

      <TextField
        label="Email"
        type="email"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'email')}
        id="member-email"
      />

      {availableRoles.length > 0 && (
        <div className="col-span-6 lg:col-span-4">
          <InputLabel id="member-role-label" value="Role" />
          <RolePicker
            roles={availableRoles}
            value={form.data.role}
            onChange={(role) => form.setData('role', role)}
            describedBy="member-role-error"
            invalid={Boolean(form.errors.role)}
          />
          <InputError id="member-role-error" className="mt-2" message={form.errors.role} />
        </div>
      )}
    </FormSection>
  );
}
