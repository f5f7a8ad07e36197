import type { Request, Response } from 'express';
import { acceptTeamInvitation } from '../../../domain/teams/actions/accept-team-invitation';
import { cancelTeamInvitation } from '../../../domain/teams/actions/cancel-team-invitation';
import { routeId } from '../../route-params';

/** The mailed link: joins the team, then the dashboard with Jetstream's banner. */
export async function accept(req: Request, res: Response) {
  const { teamName } = await acceptTeamInvitation(req.services, req.user!, routeId(req, 'invitation'));
  req.inertia
    .flash('bannerStyle', 'success')
    .flash('banner', `Great! You have accepted the invitation to join the ${teamName} team.`);
  res.redirect(303, req.services.route('dashboard'));
}

export async function destroy(req: Request, res: Response) {
  await cancelTeamInvitation(req.services, req.user!, routeId(req, 'invitation'));
  res.redirect(303, req.get('referer') ?? req.services.route('dashboard'));
}
