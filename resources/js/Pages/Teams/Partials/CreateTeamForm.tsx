import { useForm, usePage } from '@inertiajs/react';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import TeamOwner from './TeamOwner';

/** POST teams.store with the `createTeam` bag; the server goes on to the dashboard. */
export default function CreateTeamForm() {
  const user = usePage().props.auth.user!;
  const form = useForm({ name: '' });

  const createTeam = () => {
    form.post(route('teams.store'), { errorBag: 'createTeam', preserveScroll: true });
  };

  return (
    <FormSection
      title="Team Details"
      description="Create a new team to collaborate with others on bots, channels and conversations."
      onSubmitted={createTeam}
      actions={
        <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
          Create
        </PrimaryButton>
      }
    >
      <TeamOwner owner={user} />

      <TextField
        label="Team Name"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'name')}
        errorId="create-team-name-error"
        autoFocus
      />
    </FormSection>
  );
}
