/**
 * Errors a request can end with. The error handler (server/http/middleware/errors.ts) turns each into
 * the right response: an Error page on Inertia and HTML visits, JSON for API and JSON requests.
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message?: string,
    public readonly headers: Record<string, string> = {},
    /** Fields a JSON answer carries beside `message` (a 429's `retry_after`). */
    public readonly fields: Record<string, unknown> = {},
  ) {
    super(message ?? defaultMessages[status] ?? 'Error');
    this.name = 'HttpError';
  }
}

export const defaultMessages: Record<number, string> = {
  400: 'Bad request.',
  401: 'Unauthenticated.',
  403: 'This action is unauthorized.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request is too large.',
  415: 'Unsupported media type.',
  419: 'Page expired.',
  423: 'Password confirmation required.',
  429: 'Too Many Attempts.',
  500: 'Server error.',
  503: 'Service unavailable.',
};

/**
 * A service Kawan depends on (a model server) failed: 502 with a message written to be shown
 * (what the service answered, never a key), logged as a warning rather than a server error.
 */
export class UpstreamError extends HttpError {
  readonly expose = true;
  constructor(message: string) {
    super(502, message);
    this.name = 'UpstreamError';
  }
}

export class NotFoundError extends HttpError {
  constructor(message?: string) {
    super(404, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message?: string) {
    super(403, message);
  }
}

export class TooManyRequestsError extends HttpError {
  /**
   * `tellWait`: the answer says how long to wait, in words a visitor can read ("Too many requests.
   * Please try again in 12 seconds.") and as `retry_after` in a JSON body, for the public channel
   * endpoints; otherwise Laravel's "Too Many Attempts." with the Retry-After header alone.
   */
  constructor(
    public readonly retryAfterSeconds: number,
    limit?: number,
    options: { tellWait?: boolean } = {},
  ) {
    super(
      429,
      options.tellWait ? waitMessage(retryAfterSeconds) : defaultMessages[429],
      {
        'Retry-After': String(retryAfterSeconds),
        ...(limit === undefined ? {} : { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': '0' }),
      },
      options.tellWait ? { retry_after: retryAfterSeconds } : {},
    );
  }
}

function waitMessage(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/** Field → first message. Keys are dot paths (`items.0.name`) as Laravel gives them. */
export type FieldErrors = Record<string, string>;

export class ValidationError extends Error {
  /** The status a JSON client gets (422; 429 for a throttled login, with Retry-After). */
  status = 422;
  retryAfterSeconds?: number;

  constructor(
    public readonly errors: FieldErrors,
    public readonly bag?: string,
  ) {
    super(Object.values(errors)[0] ?? 'The given data was invalid.');
    this.name = 'ValidationError';
  }

  withStatus(status: number, retryAfterSeconds?: number): this {
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
    return this;
  }
}
