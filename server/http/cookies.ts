import type { IncomingMessage } from 'node:http';
import { parse } from 'cookie';

const parsed = new WeakMap<IncomingMessage, Record<string, string | undefined>>();

/**
 * A cookie the request carries, its value decoded; the Cookie header is parsed once per request
 * (the session, the remember-me sign-in and others each ask for one).
 */
export function requestCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  let cookies = parsed.get(req);
  if (cookies === undefined) parsed.set(req, (cookies = parse(header)));
  return cookies[name];
}
