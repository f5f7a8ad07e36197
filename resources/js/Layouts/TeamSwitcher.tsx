import { useId, type MouseEvent } from 'react';
import { router, usePage } from '@inertiajs/react';
import type { AuthUser, TeamSummary } from '../../../server/presenters/user-presenter';
import Dropdown from '@/Components/Dropdown';
import DropdownLink from '@/Components/DropdownLink';
import Icon from '@/Components/Icon';
import ResponsiveNavLink from '@/Components/ResponsiveNavLink';
import { optionalRoute, route } from '@/lib/route';

/** PUT current-team: the server answers with the dashboard of the new current team. */
function switchToTeam(event: MouseEvent<HTMLButtonElement>, team: TeamSummary) {
  event.preventDefault();
  router.put(route('current-team.update'), { team_id: team.id }, { preserveState: false });
}

/** A team in the "Switch Teams" list, checked when it is the current one. */
function TeamChoice({ name, current }: { name: string; current: boolean }) {
  return (
    <div className="flex items-center">
      {current ? (
        <Icon name="check-circle" className="me-2 size-5 shrink-0 text-green-400" />
      ) : (
        <span className="me-2 size-5 shrink-0" aria-hidden="true" />
      )}
      <div className="truncate">{name}</div>
    </div>
  );
}

function useTeams(user: AuthUser) {
  const { features } = usePage().props;
  const current = user.current_team;
  if (!features.hasTeamFeatures || !current) return null;
  // Managers get the team's settings; the other members may still see who is in the team.
  const teamPage = current.can.viewMembers ? optionalRoute('teams.show', current.id) : null;
  return {
    current,
    teamPage,
    teamPageLabel: current.can.manageTeam ? 'Team Settings' : 'Team Members',
    billing: current.can.viewBilling ? optionalRoute('billing.index') : null,
    webhooks: current.can.manageTeam ? optionalRoute('integrations.webhooks.index') : null,
    create: optionalRoute('teams.create'),
    teams: user.all_teams,
  };
}

/** Jetstream's "Manage Team" dropdown: team settings, billing, webhooks, a new team, and switching teams. */
export function TeamDropdown({ user }: { user: AuthUser }) {
  const teams = useTeams(user);
  const headingId = useId();
  if (!teams) return null;

  return (
    <div className="relative ms-3">
      <Dropdown
        align="right"
        width="60"
        triggerLabel={`Manage team ${teams.current.name}`}
        trigger={
          <>
            <span className="max-w-24 truncate whitespace-nowrap xl:max-w-48" title={teams.current.name}>
              {teams.current.name}
            </span>
            <Icon name="chevron-up-down" className="-me-0.5 ms-2 size-4 shrink-0" />
          </>
        }
      >
        <div className="w-60">
          <div className="block px-4 py-2 text-xs text-gray-400">Manage Team</div>
          {teams.teamPage && <DropdownLink href={teams.teamPage}>{teams.teamPageLabel}</DropdownLink>}
          {teams.billing && <DropdownLink href={teams.billing}>Billing</DropdownLink>}
          {teams.webhooks && <DropdownLink href={teams.webhooks}>Webhooks</DropdownLink>}
          {teams.create && <DropdownLink href={teams.create}>Create New Team</DropdownLink>}

          {teams.teams.length > 1 && (
            <>
              <div className="border-t border-gray-200" />
              <div className="block px-4 py-2 text-xs text-gray-400" id={headingId}>
                Switch Teams
              </div>
              <ul aria-labelledby={headingId}>
                {teams.teams.map((team) => (
                  <li key={team.id}>
                    <DropdownLink
                      as="button"
                      type="button"
                      aria-current={team.id === teams.current.id ? 'true' : undefined}
                      onClick={(event) => switchToTeam(event, team)}
                    >
                      <TeamChoice name={team.name} current={team.id === teams.current.id} />
                    </DropdownLink>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </Dropdown>
    </div>
  );
}

/** The same choices in the mobile menu. */
export function ResponsiveTeamMenu({ user }: { user: AuthUser }) {
  const teams = useTeams(user);
  if (!teams) return null;

  return (
    <>
      <div className="border-t border-gray-200" />
      <div className="block px-4 py-2 text-xs text-gray-400">Manage Team</div>
      {teams.teamPage && (
        <ResponsiveNavLink href={teams.teamPage} active={route().current('teams.show', teams.current.id)}>
          {teams.teamPageLabel}
        </ResponsiveNavLink>
      )}
      {teams.billing && (
        <ResponsiveNavLink href={teams.billing} active={route().current('billing.*')}>
          Billing
        </ResponsiveNavLink>
      )}
      {teams.webhooks && (
        <ResponsiveNavLink href={teams.webhooks} active={route().current('integrations.webhooks.*')}>
          Webhooks
        </ResponsiveNavLink>
      )}
      {teams.create && (
        <ResponsiveNavLink href={teams.create} active={route().current('teams.create')}>
          Create New Team
        </ResponsiveNavLink>
      )}
      {teams.teams.length > 1 && (
        <>
          <div className="border-t border-gray-200" />
          <div className="block px-4 py-2 text-xs text-gray-400">Switch Teams</div>
          {teams.teams.map((team) => (
            <ResponsiveNavLink key={team.id} as="button" type="button" onClick={(event) => switchToTeam(event, team)}>
              <TeamChoice name={team.name} current={team.id === teams.current.id} />
            </ResponsiveNavLink>
          ))}
        </>
      )}
    </>
  );
}
