import type { RouteRegistry } from '../server/http/router/registry';
import * as reports from '../server/http/controllers/reports/report-controller';
import { exportTables } from '../server/domain/reports/report-exports';

/**
 * Reports of the current team: owners, admins, editors and viewers see the team's figures, agents
 * those of their own conversations. Signed in and verified.
 */
export default function reportRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/reports', reports.index).name('reports.index');
    user
      .get('/reports/export/{table}', reports.exportCsv)
      .name('reports.export')
      .where('table', exportTables.join('|'));
  });
}
