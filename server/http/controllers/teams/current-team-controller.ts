import type { Request, Response } from 'express';
import { switchCurrentTeam } from '../../../domain/teams/actions/switch-current-team';

/** The team switcher: 303 to the dashboard of the newly current team. */
export async function update(req: Request, res: Response) {
  await switchCurrentTeam(req.services, req.user!, req.body);
  res.redirect(303, req.services.route('dashboard'));
}
