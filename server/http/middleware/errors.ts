import type { ErrorRequestHandler, Request } from 'express';
import { HttpError, ValidationError, defaultMessages, UpstreamError } from '../../support/errors';
import { flash } from './session';
import { responded } from '../response-state';
import { queryParamsOf, withoutQueryParams } from '../../support/logger';

/**
 * API and JSON requests get JSON errors; everything else gets the Error page (Laravel's expectsJson).
 * The API, the widget's endpoints and the channel webhooks have no session or page layer, so they
 * answer JSON whatever headers a request carries.
 */
export function wantsJson(req: Request): boolean {
  if (req.path === '/api' || req.path.startsWith('/api/')) return true;
  // The chat widget's endpoints answer JSON errors to any client (server/channels/web/protocol.ts),
  // and so do the channel webhooks (a provider reads no error page).
  if (req.path.startsWith('/widget/') || req.path.startsWith('/webhooks/')) return true;
  if (req.get('x-inertia')) return false;
  const accept = req.get('accept') ?? '';
  return accept.includes('/json') || accept.includes('+json');
}

export const titles: Record<number, string> = {
  401: 'Sign in required',
  403: 'Forbidden',
  404: 'Page not found',
  405: 'Method not allowed',
  413: 'Request too large',
  419: 'Page expired',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Service unavailable',
};

/**
 * The last middleware. Validation errors go back to the form (flashed, in the form's error bag) or
 * out as a 422 for JSON; HTTP errors render the `Error` page or JSON; anything else is a 500 whose
 * details are logged and, outside development, never shown.
 */
export function errorHandler(options: { development: boolean }): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (responded(res)) {
      // Answered already, the answer waiting for the session's writes: it goes out as it is.
      if (!res.headersSent) return req.services?.logger.error({ err: error }, 'error after the request was answered');
      return next(error);
    }

    if (error instanceof ValidationError) {
      if (wantsJson(req)) {
        const errors = Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, [message]]));
        if (error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
        if (isOpenAiPath(req.path)) {
          const [param] = Object.keys(error.errors);
          res.status(error.status).json(openAiError(error.status, error.message, param ?? null));
          return;
        }
        res.status(error.status).json({ message: error.message, errors });
        return;
      }
      flash(req, 'errors', { [error.bag ?? 'default']: error.errors });
      res.redirect(303, req.get('referer') ?? '/');
      return;
    }

    const status = statusOf(error);
    const headers = error instanceof HttpError ? error.headers : {};
    const upstream = error instanceof UpstreamError;
    if (upstream) (req.log ?? req.services?.logger)?.warn({ err: error }, 'an upstream service failed');
    else if (status >= 500) {
      (req.log ?? req.services?.logger)?.error({ err: error }, 'request failed');
    }
    const exposeMessage = status < 500 || options.development;
    const message =
      error instanceof HttpError || (exposeMessage && error instanceof Error)
        ? withoutQueryParams((error as Error).message, queryParamsOf(error))
        : (defaultMessages[status] ?? defaultMessages[500]);
    res.set(headers);

    const publicMessage =
      status >= 500 && !options.development && !upstream ? (defaultMessages[status] ?? defaultMessages[500]) : message;
    if (isOpenAiPath(req.path)) {
      res.status(status).json(openAiError(status, publicMessage, null, (error as { code?: unknown }).code));
      return;
    }
    if (wantsJson(req)) {
      res.status(status).json({ message: publicMessage, ...(error instanceof HttpError ? error.fields : {}) });
      return;
    }
    if (!req.inertia) {
      res
        .status(status)
        .type('text')
        .send(`${status} ${titles[status] ?? 'Error'}`);
      return;
    }
    const retryAfter = headers['Retry-After'] ? Number(headers['Retry-After']) : undefined;
    req.inertia
      .render(
        'Error',
        {
          status,
          title: titles[status] ?? 'Error',
          message: publicMessage,
          ...(retryAfter ? { retryAfter } : {}),
          ...(options.development && status >= 500 && error instanceof Error
            ? { trace: withoutQueryParams(error.stack ?? '', queryParamsOf(error)) }
            : {}),
        },
        status,
      )
      .catch((renderError: unknown) => {
        req.services?.logger.error({ err: renderError }, 'error page failed');
        if (!res.headersSent) res.status(500).type('text').send('500 Server error');
      });
  };
}

function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  const candidate =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown })?.statusCode;
  if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
  return 500;
}

/** The OpenAI-compatible API (`/api/v1/…`) answers errors the way OpenAI's clients read them. */
function isOpenAiPath(path: string): boolean {
  return path.startsWith('/api/v1/');
}

const openAiTypes: Record<number, [type: string, code: string | null]> = {
  401: ['authentication_error', 'invalid_api_key'],
  403: ['permission_error', 'insufficient_permissions'],
  404: ['invalid_request_error', 'not_found'],
  422: ['invalid_request_error', 'invalid_value'],
  429: ['rate_limit_error', 'rate_limit_exceeded'],
};

/** `{error: {message, type, param, code}}`, OpenAI's error body. */
export function openAiError(status: number, message: string, param: string | null, code?: unknown) {
  const [type, defaultCode] =
    openAiTypes[status] ?? (status >= 500 ? ['api_error', null] : ['invalid_request_error', null]);
  return { error: { message, type, param, code: typeof code === 'string' ? code : defaultCode } };
}
