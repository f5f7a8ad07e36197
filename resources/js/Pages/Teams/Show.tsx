import { Head } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../server/presenters/team-presenter';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import DeleteTeamForm from './Partials/DeleteTeamForm';
import TeamMemberManager from './Partials/TeamMemberManager';
import UpdateTeamNameForm from './Partials/UpdateTeamNameForm';
import TeamPresence from './Partials/TeamPresence';

/** Teams/Show: the team's name, its members and invitations, and deleting it; each as permitted. */
export default function Show({ team, availableRoles, permissions }: TeamShowProps) {
  return (
    <>
      <Head title="Team Settings" />
      <PageHeader title="Team Settings" />
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <UpdateTeamNameForm team={team} permissions={permissions} />

        <TeamPresence team={team} />

        <TeamMemberManager team={team} availableRoles={availableRoles} permissions={permissions} />

        {permissions.canDeleteTeam && !team.personal_team && (
          <>
            <SectionBorder />
            <div className="mt-10 sm:mt-0">
              <DeleteTeamForm team={team} />
            </div>
          </>
        )}
      </div>
    </>
  );
}
