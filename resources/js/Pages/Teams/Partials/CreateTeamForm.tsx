import { useForm, usePage } from '@inertiajs/react';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
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

      <div className="col-span-6 sm:col-span-4">
        <InputLabel htmlFor="name" value="Team Name" />
        <TextInput
          id="name"
          className="mt-1 block w-full"
          value={form.data.name}
          onChange={(event) => form.setData('name', event.target.value)}
          autoFocus
          aria-invalid={form.errors.name ? true : undefined}
          aria-describedby="create-team-name-error"
        />
        <InputError id="create-team-name-error" className="mt-2" message={form.errors.name} />
      </div>
    </FormSection>
  );
}
