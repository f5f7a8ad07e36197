import type { Request } from 'express';
import { viewDashboard } from '../../../domain/dashboard/actions/view-dashboard';
import { presentDashboard } from '../../../presenters/dashboard-presenter';

/** The dashboard of the current team, offering what the user's role there allows. */
export async function show(req: Request) {
  const props = presentDashboard(await viewDashboard(req.services, req.user!));
  await req.inertia.render('Dashboard', { ...props });
}
