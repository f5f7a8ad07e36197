import { Head } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../server/presenters/team-presenter';
import type { PlanLimitProps } from '../../../../server/presenters/plan-usage-presenter';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import DeleteTeamForm from './Partials/DeleteTeamForm';
import ModelProviderManager, { type TeamProvider } from './Partials/ModelProviderManager';
import TeamMemberManager from './Partials/TeamMemberManager';
import UpdateTeamNameForm from './Partials/UpdateTeamNameForm';
import UpdateTeamTimezoneForm from './Partials/UpdateTeamTimezoneForm';
import UpdateTeamAssignmentForm from './Partials/UpdateTeamAssignmentForm';
import UpdateTeamReplyTargetsForm from './Partials/UpdateTeamReplyTargetsForm';
import TeamPresence from './Partials/TeamPresence';

type Props = TeamShowProps & {
  /** The team's own model servers; empty unless `canManageProviders`. */
  providers: TeamProvider[];
  /** Owners and admins add, test, edit and remove them. */
  canManageProviders: boolean;
  /** For those who invite: where the team stands against its plan's members (invitations count); else null. */
  limit: PlanLimitProps | null;
};

/**
 * Teams/Show: the team's name, its members and invitations, its own model servers and deleting it;
 * each as permitted.
 */
export default function Show({ team, availableRoles, permissions, providers, canManageProviders, limit }: Props) {
  return (
    <>
      <Head title="Team Settings" />
      <PageHeader title="Team Settings" />
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <UpdateTeamNameForm team={team} permissions={permissions} />

        <SectionBorder />

        <UpdateTeamTimezoneForm team={team} permissions={permissions} />

        <SectionBorder />

        <UpdateTeamAssignmentForm team={team} permissions={permissions} />

        <SectionBorder />

        <UpdateTeamReplyTargetsForm team={team} permissions={permissions} />

        <TeamPresence team={team} />

        <TeamMemberManager team={team} availableRoles={availableRoles} permissions={permissions} limit={limit} />

        {canManageProviders && <ModelProviderManager team={team} providers={providers} />}

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
