import { useForm } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import RolePicker from './RolePicker';

type Props = Pick<TeamShowProps, 'team' | 'availableRoles'>;

/** POST team-members.store with the `addTeamMember` bag: an invitation mailed to the address. */
export default function AddTeamMemberForm({ team, availableRoles }: Props) {
  const form = useForm({ email: '', role: '' });

  const addTeamMember = () => {
    form.post(route('team-members.store', team.id), {
      errorBag: 'addTeamMember',
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  };

  return (
    <FormSection
      title="Add Team Member"
      description="Add a new team member to your team, allowing them to collaborate with you."
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
