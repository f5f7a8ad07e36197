import type { Request, Response } from 'express';
import { inviteTeamMember } from '../../../domain/teams/actions/invite-team-member';
import { updateTeamMemberRole } from '../../../domain/teams/actions/update-team-member-role';
import { removeTeamMember } from '../../../domain/teams/actions/remove-team-member';
import { routeId } from '../../route-params';

const back = (req: Request, res: Response, teamId: number) =>
  res.redirect(303, req.get('referer') ?? req.services.route('teams.show', teamId));

/** Invites an address with a role (invitations are always on). */
export async function store(req: Request, res: Response) {
  const teamId = routeId(req, 'team');
  await inviteTeamMember(req.services, req.user!, teamId, req.body);
  back(req, res, teamId);
}

export async function update(req: Request, res: Response) {
  const subject = { teamId: routeId(req, 'team'), userId: routeId(req, 'user') };
  await updateTeamMemberRole(req.services, req.user!, subject, req.body);
  back(req, res, subject.teamId);
}

/** Removing someone goes back to the team page; leaving goes to the dashboard. */
export async function destroy(req: Request, res: Response) {
  const subject = { teamId: routeId(req, 'team'), userId: routeId(req, 'user') };
  const { left } = await removeTeamMember(req.services, req.user!, subject);
  if (left) return res.redirect(303, req.services.route('dashboard'));
  back(req, res, subject.teamId);
}
