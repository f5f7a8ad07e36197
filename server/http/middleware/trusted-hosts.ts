import type { RequestHandler } from 'express';

/** Names that always reach this machine only: links built from them lead nowhere else. */
export const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

const hostHeader = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/i;

/**
 * Whether a Host header names this application: a host name, IPv4 address or [IPv6] address with
 * an optional port from 1 to 65535, matching one of `patterns` (`example.com`, or `*.example.com`
 * for its subdomains), case-insensitively.
 */
export function trustedHostMatcher(patterns: string[]): (host: string | undefined) => boolean {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const pattern of patterns.map((entry) => entry.trim().toLowerCase()).filter(Boolean)) {
    if (pattern.startsWith('*.')) suffixes.push(pattern.slice(1));
    else exact.add(pattern);
  }
  const known = new Map<string, boolean>();
  return (host) => {
    if (host === undefined) return false;
    const cached = known.get(host);
    if (cached !== undefined) return cached;
    const match = hostHeader.exec(host);
    const port = match?.[2] === undefined ? undefined : Number(match[2]);
    const name = match?.[1].toLowerCase();
    const trusted =
      name !== undefined &&
      (port === undefined || (port >= 1 && port <= 65535)) &&
      (exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix) && name.length > suffix.length));
    // Remember the answers for the hosts actually seen, within bounds (a scan of names cannot grow it).
    if (known.size < 1000) known.set(host, trusted);
    return trusted;
  };
}

/**
 * Every absolute URL Kawan builds from a request (the route manifest's origin, 409
 * X-Inertia-Location, redirects) uses its Host header, so only hosts of this application are
 * served: APP_URL's host, TRUSTED_HOSTS and the loopback names. Anything else, or a malformed Host
 * (a port above 65535, junk), is a 400 that does not repeat the header.
 */
export function trustedHosts(patterns: string[]): RequestHandler {
  const isTrusted = trustedHostMatcher(patterns);
  return (req, res, next) => {
    if (isTrusted(req.headers.host)) return next();
    res.status(400).type('text/plain').send('Bad Request: this server does not answer for that host.');
  };
}
