import type { Request } from 'express';
import { NotFoundError } from '../support/errors';

/** The largest id a `serial` column holds. */
const maxId = 2_147_483_647;

/**
 * The id a URL names in a bound parameter (`/teams/{team}` with whereNumber): a positive
 * integer the database can hold, or a 404 (never a database error for a long number).
 */
export function routeId(req: Request, parameter: string): number {
  const raw = req.params[parameter];
  const id = typeof raw === 'string' && /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > maxId) throw new NotFoundError();
  return id;
}
