import express, { type Express, type Request, type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { Services } from '../services';
import { sessionMiddleware, DatabaseSessionStore } from './middleware/session';
import { verifyCsrfToken, verifyCsrfTokenInBody } from './middleware/csrf';
import { bodyParsers, parseQueryString, uploadParsers } from './middleware/body';
import { errorHandler } from './middleware/errors';
import { routeMiddleware } from './route-middleware';
import { authenticate } from './auth/session-guard';
import { inertiaMiddleware } from './inertia/middleware';
import { manifestRoutes, ziggyConfig } from './router/manifest';
import { routeDispatcher } from './router/dispatch';
import type { Assets } from './inertia/vite';
import { sessionRepository } from '../db/repositories/session-repository';
import { sharedProps } from './shared-props';
import { errorSerializer } from '../support/logger';

export interface KernelOptions {
  assets: Assets;
  publicDir: string;
}

/** Requests served without a session: the bearer-token API. */
const isStateless = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');

/** Paths whose state-changing requests carry no session token (bearer API, webhooks). */
const csrfExcept = ['/api/', '/webhooks/'];

const validHost = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?$/i;

/**
 * The request pipeline, in order: static files → request id + log → Host check → services → session → Inertia →
 * bodies → CSRF → the signed-in user → uploads (and a multipart body's CSRF token) → named routes → errors.
 */
export function buildKernel(app: Express, services: Services, options: KernelOptions): void {
  const { config } = services;
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  app.set('query parser', parseQueryString);

  app.use(express.static(options.publicDir, { index: false, maxAge: config.isProduction ? '1h' : 0 }));
  app.use('/storage', express.static(`${config.dataDir}/app/public`, { index: false }));
  app.use('/build', (_req, res) => res.status(404).end());

  app.use(
    pinoHttp({
      logger: services.logger,
      serializers: { err: errorSerializer },
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/up' },
    }),
  );
  // Links in pages (the route manifest's origin, version reloads) are built from the Host header:
  // one that is not a host name, an IP address or [IPv6], with an optional port, is refused here.
  app.use((req, res, next) => {
    const host = req.get('host');
    if (host === undefined || validHost.test(host)) return next();
    res.status(400).type('text/plain').send('Bad Request: the Host header is not a valid host.');
  });
  app.use((req, _res, next) => {
    req.services = services;
    next();
  });

  const routes = manifestRoutes(services.routes);
  // The bearer-token API is stateless: no session, page layer, CSRF token or cookie sign-in there.
  const webOnly =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      isStateless(req) ? next() : handler(req, res, next);
  app.use(
    sessionMiddleware(
      config,
      new DatabaseSessionStore(sessionRepository(services.db), config.session.lifetimeMinutes * 60),
    ).map(webOnly),
  );
  app.use(
    webOnly(
      inertiaMiddleware({
        appName: config.app.name,
        assets: options.assets,
        share: (req: Request) => sharedProps(req),
        ziggy: (req: Request) => ziggyConfig(routes, `${req.protocol}://${req.get('host') ?? 'localhost'}`),
      }),
    ),
  );
  app.use(bodyParsers());
  app.use(webOnly(verifyCsrfToken({ except: csrfExcept, secure: config.app.secure })));
  app.use(webOnly(authenticate()));
  app.use(uploadParsers({ maxUploadBytes: config.uploads.maxBytes }));
  app.use(webOnly(verifyCsrfTokenInBody()));
  app.use(routeDispatcher(services.routes, routeMiddleware));
  app.use(errorHandler({ development: config.isDevelopment }));
}
