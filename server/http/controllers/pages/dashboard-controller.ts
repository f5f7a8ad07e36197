import type { Request } from 'express';
import { viewDashboard } from '../../../domain/dashboard/actions/view-dashboard';
import { presentDashboard } from '../../../presenters/dashboard-presenter';

/**
 * The dashboard of the current team: the onboarding steps until they are done, then the team's
 * live state (open queue, today's figures, AI credits, channel health, activity feed), each part
 * only for a role that may see it. The page reloads the live parts when the team's events arrive.
 */
export async function show(req: Request) {
  const props = presentDashboard(req.services, await viewDashboard(req.services, req.user!));
  await req.inertia.render('Dashboard', { ...props });
}
