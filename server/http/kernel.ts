import express, { type Express, type Request, type RequestHandler } from 'express';
import compression from 'compression';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { Services } from '../services';
import { installRequestContext } from './request-context';
import { sessionMiddleware, DatabaseSessionStore } from './middleware/session';
import { verifyCsrfToken, verifyCsrfTokenInBody } from './middleware/csrf';
import { bodyParsers, parseQueryString, uploadParsers } from './middleware/body';
import { errorHandler } from './middleware/errors';
import { routeMiddleware } from './route-middleware';
import { authenticate } from './auth/session-guard';
import { absoluteOrigin, inertiaMiddleware, installInertiaRedirect } from './inertia/middleware';
import { manifestRoutes, serializedManifest } from './router/manifest';
import { routeDispatcher } from './router/dispatch';
import type { Assets } from './inertia/vite';
import { sessionRepository } from '../db/repositories/session-repository';
import { sharedProps } from './shared-props';
import { errorSerializer } from '../support/logger';
import { requestTarget } from './middleware/request-target';
import { trustedHosts } from './middleware/trusted-hosts';
import { securityHeaders } from './middleware/security-headers';
import { publicFiles } from './middleware/public-files';
import { sequence } from './middleware/sequence';
import { realtimeEndpoint } from '../broadcasting/client-config';
import { widgetChannel } from './controllers/widget/widget-controller';

export interface KernelOptions {
  assets: Assets;
  publicDir: string;
}

/** Requests served without a session: the bearer-token API, channel webhooks and the chat widget's endpoints. */
const isStateless = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path.startsWith('/webhooks/') || path.startsWith('/widget/');

/** Paths whose state-changing requests carry no session token (bearer API, webhooks, the widget). */
const csrfExcept = ['/api/', '/webhooks/', '/widget/'];

/** Served whatever the Host header says: a load balancer's health check names no host of ours. */
const anyHost = new Set(['/up']);

/** Paths served from a mounted directory: `/build/…` (the Vite build) and `/storage/…` (public uploads). */
const underMount = (path: string) =>
  path === '/build' || path.startsWith('/build/') || path === '/storage' || path.startsWith('/storage/');

/**
 * The request pipeline, in order: request target and Host checks → security headers → compression → static
 * files → request id + log → session → Inertia → bodies → CSRF → the signed-in user → uploads (and a
 * multipart body's CSRF token) → named routes → errors. `req.services`, the session's cookie and writes
 * and the Inertia redirects come from the app's request and response prototypes.
 */
export function buildKernel(app: Express, services: Services, options: KernelOptions): void {
  const { config } = services;
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  app.set('query parser', parseQueryString);

  const steps: RequestHandler[] = [];
  // Every absolute URL built from a request (the route manifest's origin, X-Inertia-Location,
  // redirects) takes its Host: a request for another host, or with an odd target, stops here.
  steps.push(requestTarget());
  const hostCheck = trustedHosts(config.app.trustedHosts);
  steps.push((req, res, next) => (anyHost.has(req.path) ? next() : hostCheck(req, res, next)));
  const { scheme, host, port } = realtimeEndpoint(config);
  steps.push(
    securityHeaders({
      secure: config.app.secure,
      realtimeOrigin: `${scheme === 'https' ? 'wss' : 'ws'}://${host}:${port}`,
      devOrigin: () => options.assets.devOrigin?.(),
    }),
  );
  // Only a client that accepts an encoding gets a compressing response (browsers always do); an
  // uncompressed answer needs no Vary: it suits every client.
  const compress = compression();
  steps.push((req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()));

  // Build files carry a content hash in their names: cached for a year, never revalidated. The
  // mounted directories are a router of their own, reached only by the paths under them.
  const mounted = express.Router();
  mounted.use(
    '/build',
    express.static(join(options.publicDir, 'build'), {
      index: false,
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
      // The widget's panel is a module a customer's page imports across origins.
      setHeaders: (res, path) => {
        if (path.includes(`${join('build', 'widget')}`)) res.setHeader('Access-Control-Allow-Origin', '*');
      },
    }),
  );
  mounted.use('/storage', express.static(`${config.dataDir}/app/public`, { index: false }));
  steps.push((req, res, next) => (underMount(req.path) ? mounted(req, res, next) : next()));
  steps.push(publicFiles(options.publicDir, { maxAge: config.isProduction ? '1h' : 0 }));

  const requestId = (req: IncomingMessage, res: ServerResponse) => {
    const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
    res.setHeader('X-Request-Id', id);
    return id;
  };
  // A request logger per request (its child logger serializes the request up front) only when
  // something can be logged; with LOG_LEVEL=silent each request just gets its id.
  steps.push(
    services.logger.level === 'silent'
      ? (req, res, next) => {
          req.id = requestId(req, res);
          next();
        }
      : pinoHttp({
          logger: services.logger,
          serializers: { err: errorSerializer },
          genReqId: requestId,
          autoLogging: { ignore: (req) => req.url === '/up' },
        }),
  );
  // `req.services`, and what later steps attach to the request, through the app's request prototype.
  installRequestContext(app.request, services);
  installInertiaRedirect(app.response);

  const manifest = serializedManifest(manifestRoutes(services.routes));
  const handleError = errorHandler({ development: config.isDevelopment });
  const bodies = bodyParsers();
  // Knowledge files may be larger than other uploads (KNOWLEDGE_MAX_FILE_BYTES); each action checks its own limit.
  const uploads = uploadParsers({ maxUploadBytes: Math.max(config.uploads.maxBytes, config.knowledge.maxFileBytes) });
  // The widget's CORS preflights (routes name no OPTIONS): answered by its channel check.
  const widgetPreflight: RequestHandler = (req, res, next) =>
    req.method === 'OPTIONS' && req.path.startsWith('/widget/') ? widgetChannel(req, res, next) : next();
  const web = sequence([
    ...sessionMiddleware(
      config,
      new DatabaseSessionStore(sessionRepository(services.db), config.session.lifetimeMinutes * 60, services),
      (error, req, res) => handleError(error, req, res, () => undefined),
      app.response,
    ),
    inertiaMiddleware({
      appName: config.app.name,
      assets: options.assets,
      share: (req: Request) => sharedProps(req),
      ziggy: (req: Request) => manifest(absoluteOrigin(req)),
    }),
    ...bodies,
    verifyCsrfToken({ except: csrfExcept, secure: config.app.secure }),
    authenticate(),
    ...uploads,
    verifyCsrfTokenInBody(),
    widgetPreflight,
  ]);
  // The bearer-token API is stateless: no session, page layer, CSRF token or cookie sign-in there.
  const stateless = sequence([...bodies, ...uploads, widgetPreflight]);
  steps.push((req, res, next) => (isStateless(req.path) ? stateless : web)(req, res, next));
  steps.push(routeDispatcher(services.routes, routeMiddleware));
  app.use(sequence(steps));
  app.use(handleError);
}
