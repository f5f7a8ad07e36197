import type { ServerResponse } from 'node:http';

/** Responses whose end() was called and whose sending waits for the session's writes. */
const ending = new WeakSet<ServerResponse>();

/** Marks a response as answered while its end() waits (server/http/middleware/session.ts). */
export function markEnding(res: ServerResponse): void {
  ending.add(res);
}

/** The wait is over without sending: the response is to be answered afresh (an error page). */
export function unmarkEnding(res: ServerResponse): void {
  ending.delete(res);
}

/**
 * Whether a response has been answered: its headers are out, or its end() was called and waits
 * for the session to be saved. A handler that sent something must not be answered again.
 */
export function responded(res: ServerResponse): boolean {
  return res.headersSent || res.writableEnded || ending.has(res);
}
