import type { Request } from 'express';
import { NotFoundError } from '../support/errors';

/** The largest id a `serial` column holds. */
const maxId = 2_147_483_647;

/**
 * An id the client sent (a URL segment, a cookie's part): a positive integer written as digits
 * only that the database can hold, or undefined (never a database error for a long number).
 */
export function parseId(raw: unknown): number | undefined {
  const id = typeof raw === 'string' && /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= maxId ? id : undefined;
}

/** The id a URL names in a bound parameter (`/teams/{team}` with whereNumber), or a 404. */
export function routeId(req: Request, parameter: string): number {
  const id = parseId(req.params[parameter]);
  if (id === undefined) throw new NotFoundError();
  return id;
}

/** `{index}`: an attachment's place in its message, from 0 (at most three digits), or a 404. */
export function attachmentIndex(req: Request): number {
  const raw = req.params.index;
  if (typeof raw !== 'string' || !/^[0-9]{1,3}$/.test(raw)) throw new NotFoundError();
  return Number(raw);
}
