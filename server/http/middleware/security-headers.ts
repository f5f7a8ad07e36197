import type { RequestHandler, Response } from 'express';
import { randomBytes } from 'node:crypto';

export interface SecurityHeaderOptions {
  /** APP_URL is https: browsers are told to use https only (HSTS). */
  secure: boolean;
  /** Where Echo connects (`ws://localhost:8080`, `wss://ws.example.com:443`). */
  realtimeOrigin: string;
  /** The Vite dev server's origin while `npm run dev` runs (its scripts, styles and HMR socket). */
  devOrigin: () => string | undefined;
}

const nonces = new WeakMap<Response, string>();

/**
 * The Content-Security-Policy of every response. Scripts and styles come from this origin only;
 * a page's own inline elements need the response's nonce (the page object's scripts, and the
 * styles Inertia's progress bar and dialogs inject, which read the nonce from
 * `<meta property="csp-nonce">`). Under the Vite dev server its origin and inline styles (how it
 * applies CSS) are allowed too. Nothing may frame Kawan (`frame-ancestors 'none'`); pages meant for
 * embedding (the chat widget) set their own policy.
 */
export function contentSecurityPolicy(
  options: Pick<SecurityHeaderOptions, 'realtimeOrigin'>,
  nonce?: string,
  dev?: string,
): string {
  const own = nonce ? ` 'nonce-${nonce}'` : '';
  const devSources = dev ? ` ${dev}` : '';
  const devSocket = dev ? ` ${dev.replace(/^http/, 'ws')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${own}${devSources}`,
    dev ? `style-src 'self' 'unsafe-inline'${devSources}` : `style-src 'self'${own}`,
    `img-src 'self' data: blob:${devSources}`,
    `font-src 'self' data:${devSources}`,
    `connect-src 'self' ${options.realtimeOrigin}${devSources}${devSocket}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every response: the policy above (without a nonce until a page asks for one
 * through `cspNonce`), no MIME sniffing, the origin only as referrer to other sites, no framing,
 * and HSTS when APP_URL is https. The nonce-less policy is built once per dev-server state.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const fixed: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (options.secure) fixed.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  let cached: { dev: string | undefined; policy: string } | undefined;
  return (_req, res, next) => {
    const dev = options.devOrigin();
    if (cached?.dev !== dev || !cached) cached = { dev, policy: contentSecurityPolicy(options, undefined, dev) };
    for (const [name, value] of fixed) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', cached.policy);
    res.locals.securityHeaders = options;
    next();
  };
}

/**
 * The nonce of this response, made on first use: the policy sent with the response then allows
 * inline elements carrying it. Called while the HTML document is written.
 */
export function cspNonce(res: Response): string {
  let nonce = nonces.get(res);
  if (nonce) return nonce;
  nonce = randomBytes(16).toString('base64');
  nonces.set(res, nonce);
  const options = res.locals.securityHeaders as SecurityHeaderOptions | undefined;
  if (options) res.setHeader('Content-Security-Policy', contentSecurityPolicy(options, nonce, options.devOrigin()));
  return nonce;
}
