import { updateTeamAssignment } from '../../../domain/teams/actions/update-team-assignment';
import { updateTeamReplyTargets } from '../../../domain/teams/actions/update-team-reply-targets';
import { updateTeamTimezone } from '../../../domain/teams/actions/update-team-timezone';
import type { Request, Response } from 'express';
import { createTeam } from '../../../domain/teams/actions/create-team';
import { updateTeamName } from '../../../domain/teams/actions/update-team-name';
import { deleteTeam } from '../../../domain/teams/actions/delete-team';
import { viewTeam } from '../../../domain/teams/actions/view-team';
import { presentTeamShow } from '../../../presenters/team-presenter';
import { routeId } from '../../route-params';
import { canManageProviders } from '../../../domain/providers/provider-access';
import { providerCredentialRepository } from '../../../db/repositories/provider-credential-repository';
import { presentProvider } from '../../../presenters/provider-presenter';
import { teamPolicy } from '../../../domain/teams/team-policy';
import { limitOf } from '../../../domain/billing/plan-usage';

/** Teams/Create: the form shows the signed-in user as the owner (from `auth.user`). */
export async function create(req: Request) {
  await req.inertia.render('Teams/Create');
}

/** The new team becomes the current one; Jetstream then goes to the dashboard. */
export async function store(req: Request, res: Response) {
  await createTeam(req.services, req.user!, req.body);
  res.redirect(303, req.services.route('dashboard'));
}

/**
 * Teams/Show: the team, its members and invitations, its model servers for those who manage them,
 * and, for those who invite, where the team stands against its plan's members (invitations count).
 */
export async function show(req: Request) {
  const view = await viewTeam(req.services, req.user!, routeId(req, 'team'));
  const teamId = view.membership.team.id;
  const manages = canManageProviders(view.membership.role);
  // The team's model servers (and their key hints) are for those who may change them.
  const providers = manages
    ? (await providerCredentialRepository(req.services.db, teamId).all()).map(presentProvider)
    : [];
  const limit = teamPolicy.addTeamMember(view.membership) ? await limitOf(req.services, teamId, 'members') : null;
  await req.inertia.render('Teams/Show', { ...presentTeamShow(view), providers, canManageProviders: manages, limit });
}

export async function update(req: Request, res: Response) {
  const teamId = routeId(req, 'team');
  await updateTeamName(req.services, req.user!, teamId, req.body);
  res.redirect(303, req.get('referer') ?? req.services.route('teams.show', teamId));
}

/** PUT /teams/{team}/timezone: the time zone of the team's reports. */
export async function updateTimezone(req: Request, res: Response) {
  const teamId = routeId(req, 'team');
  await updateTeamTimezone(req.services, req.user!, teamId, req.body);
  res.redirect(303, req.get('referer') ?? req.services.route('teams.show', teamId));
}

/** PUT /teams/{team}/assignment: whether conversations handed to a person are assigned automatically. */
export async function updateAssignment(req: Request, res: Response) {
  const teamId = routeId(req, 'team');
  await updateTeamAssignment(req.services, req.user!, teamId, req.body);
  res.redirect(303, req.get('referer') ?? req.services.route('teams.show', teamId));
}

/** PUT /teams/{team}/reply-targets: how soon customers handed to a person should have a reply. */
export async function updateReplyTargets(req: Request, res: Response) {
  const teamId = routeId(req, 'team');
  await updateTeamReplyTargets(req.services, req.user!, teamId, req.body);
  res.redirect(303, req.get('referer') ?? req.services.route('teams.show', teamId));
}

export async function destroy(req: Request, res: Response) {
  await deleteTeam(req.services, req.user!, routeId(req, 'team'));
  res.redirect(303, req.services.route('dashboard'));
}
