import type { RequestHandler } from 'express';

const badRequest = (message: string) => `Bad Request: ${message}`;

/**
 * The request line's target, checked before anything reads it. An origin server is asked for a
 * path (`/dashboard?x=1`); the absolute form (`http://host/dashboard`, which RFC 9112 §3.2.2 says a
 * server must accept) is turned into that path and its authority replaces the Host header, so the
 * host check that follows sees the host the client named. Anything else (`*`, which only OPTIONS
 * to a proxy may use, or a bare authority) is a 400 before a session or a route is looked at.
 */
export function requestTarget(): RequestHandler {
  return (req, res, next) => {
    const target = req.url;
    if (target.startsWith('/')) return next();
    if (/^https?:\/\//i.test(target)) {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        res.status(400).type('text/plain').send(badRequest('the request target is not a valid URL.'));
        return;
      }
      if (url.username || url.password) {
        res.status(400).type('text/plain').send(badRequest('the request target may not carry credentials.'));
        return;
      }
      // The raw path and query as sent (URL would normalise dot segments and escapes).
      const afterAuthority = target.replace(/^https?:\/\/[^/?#]*/i, '');
      req.url = afterAuthority.startsWith('/') ? afterAuthority : `/${afterAuthority}`;
      req.headers.host = url.host;
      return next();
    }
    res.status(400).type('text/plain').send(badRequest('the request target must be a path such as /dashboard.'));
  };
}
