import type { RouteRegistry } from '../server/http/router/registry';
import * as reports from '../server/http/controllers/reports/report-controller';
import * as gaps from '../server/http/controllers/reports/gap-controller';
import { exportTables } from '../server/domain/reports/report-exports';

/**
 * Reports of the current team: owners, admins, editors and viewers see the team's figures, agents
 * those of their own conversations. Signed in and verified. The knowledge-gap inbox is a tab of it:
 * owners, admins, editors and viewers see it (agents do not), those who may change knowledge answer
 * and dismiss gaps; another team's gap is a 404.
 */
export default function reportRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/reports', reports.index).name('reports.index');
    user
      .get('/reports/export/{table}', reports.exportCsv)
      .name('reports.export')
      .where('table', exportTables.join('|'));
    user.get('/reports/gaps', gaps.index).name('reports.gaps');
    user.post('/reports/gaps/{gap}/answer', gaps.answer).name('reports.gaps.answer').whereNumber('gap').bind('gap');
    user.post('/reports/gaps/{gap}/dismiss', gaps.dismiss).name('reports.gaps.dismiss').whereNumber('gap').bind('gap');
  });
}
