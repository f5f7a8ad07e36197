import type { Inertia } from './inertia/inertia';
import type { RouteMatch } from './router/registry';
import type { Services } from '../services';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      services: Services;
      inertia: Inertia;
      /** What the previous request flashed (errors, page flash…). */
      flashed: Record<string, unknown>;
      /** The named route this request was dispatched to. */
      matched?: RouteMatch;
    }
  }
}

export {};
