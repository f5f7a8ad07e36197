import type { z } from 'zod';

/** Statuses an operation may name beyond those its middleware already implies. */
export type DocumentedError = 403 | 404 | 409 | 422;

/**
 * What the API reference says about one route, declared beside the route (`.openapi({...})` in
 * routes/api.ts). Everything else comes from the route itself: method, path and path parameters
 * from the registry, bearer authentication from `auth.token`, the abilities from `abilities:` or
 * `ability:`, 429 from `throttle:`, 422 from a body (server/http/openapi/document.ts).
 */
export interface ApiOperation {
  /** The group the reference lists the operation under (`Account`, `Team`). */
  tag: string;
  summary: string;
  description?: string;
  /**
   * The zod schema the action validates the body with: the same object, never a copy, so the
   * reference cannot say one thing while the action checks another.
   */
  body?: z.ZodType;
  /** A body the route accepts; the reference shows it and the OpenAPI test sends it. */
  bodyExample?: Record<string, unknown>;
  /** Path parameter → what it names. */
  parameters?: Record<string, string>;
  /** Query-string parameters: what each means and a value the route accepts (the OpenAPI test sends it). */
  query?: Record<string, { description: string; required?: boolean; example: string }>;
  response: {
    /** 200 unless said. */
    status?: 200 | 201 | 202 | 204;
    description: string;
    /** The shape of the JSON the route answers with (none for 202/204). */
    schema?: z.ZodType;
    /** An answer in that shape; the OpenAPI test checks it against the schema. */
    example?: unknown;
  };
  /** Refusals the controller or action can answer besides the middleware's (a policy's 403, a missing row's 404). */
  errors?: Partial<Record<DocumentedError, string>>;
}
