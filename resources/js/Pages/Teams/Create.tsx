import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Layouts/AppLayout';
import CreateTeamForm from './Partials/CreateTeamForm';

/** Teams/Create: a new team owned by the signed-in user, made their current team. */
export default function Create() {
  return (
    <>
      <Head title="Create Team" />
      <PageHeader title="Create Team" />
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <CreateTeamForm />
      </div>
    </>
  );
}
