import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, Response } from 'express';
import type { RouteRegistry } from '../../../server/http/router/registry';
import { earlyAccessRepository } from '../../../server/db/repositories/early-access-repository';

/** How long `e2e.slow` waits: well past the progress bar's 250 ms delay. */
export const slowDelayMs = 800;

/**
 * Routes that exist only in the e2e server (tests/e2e/support/serve.ts). Hidden: they stay out of
 * the client's route manifest, so pages cannot depend on them.
 */
export function e2eRoutes(routes: RouteRegistry): void {
  routes.group({ prefix: '/__e2e', as: 'e2e.', exposed: false }, () => {
    // A component the client build does not contain: the client shows its 'Page not found' notice.
    routes.get('/missing-page', (req: Request) => req.inertia.render('Missing/Nowhere')).name('missing-page');

    // A slow answer, so that the progress bar shows.
    routes
      .get('/slow', async (req: Request) => {
        await sleep(slowDelayMs);
        await req.inertia.render('Welcome');
      })
      .name('slow');

    // What the journeys wrote: the browser cannot reach the database, this tells them.
    routes
      .get('/early-access-signups', async (req: Request, res: Response) => {
        const signups = await earlyAccessRepository(req.services.db).all();
        res.json({ count: signups.length, emails: signups.map((signup) => signup.email) });
      })
      .name('early-access-signups');
  });
}
