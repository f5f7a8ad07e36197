import { z } from 'zod';
import { defaultMessages, ValidationError } from '../../support/errors';
import { validate } from '../../domain/shared/validation';

/**
 * The JSON error shapes every API route shares, as the error handler (server/http/middleware/errors.ts)
 * writes them: `{ message }`, and for a validation failure `{ message, errors: { field: [message] } }`
 * with the first message per field (dot paths for nested fields, as Laravel gives them).
 */
export const errorSchema = z
  .object({ message: z.string() })
  .meta({ id: 'Error', description: 'What went wrong, in one sentence.' });

/** OpenAI's error body, which `/api/v1` answers with so that OpenAI's clients read it. */
export const openAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string().meta({ examples: ['invalid_request_error'] }),
      param: z.string().nullable(),
      code: z
        .string()
        .nullable()
        .meta({ examples: ['model_not_found'] }),
    }),
  })
  .meta({ id: 'OpenAiError', description: "OpenAI's error shape." });

export const validationErrorSchema = z
  .object({
    message: z.string().meta({ description: 'The first field message.' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .meta({ description: 'Field (a dot path for nested fields) → its messages.' }),
  })
  .meta({ id: 'ValidationError', description: 'The body did not pass validation; nothing was changed.' });

/** The reusable error responses (`components.responses`), by name. */
export const errorResponses = {
  Unauthenticated: {
    status: 401,
    description:
      'No token, an unknown, revoked or expired token, or a token whose user is gone. Comes with `WWW-Authenticate: Bearer`.',
    example: { message: defaultMessages[401] },
    headers: { 'WWW-Authenticate': 'Always `Bearer`.' },
  },
  MissingAbilities: {
    status: 403,
    description: 'The token lacks an ability the operation needs; the message names the missing ones.',
    example: { message: 'This token does not have the update ability.' },
    headers: {},
  },
  NotFound: {
    status: 404,
    description: 'Nothing by that name here. A row of another team is a 404 too, never a 403 that confirms it exists.',
    example: { message: defaultMessages[404] },
    headers: {},
  },
  ValidationFailed: {
    status: 422,
    description: 'The body did not pass validation: `message` is the first problem, `errors` lists each field’s.',
    example: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } },
    headers: {},
  },
  TooManyRequests: {
    status: 429,
    description: 'Too many requests with this token: wait the seconds `Retry-After` gives.',
    example: { message: defaultMessages[429] },
    headers: {
      'Retry-After': 'Seconds until the token may send again.',
      'X-RateLimit-Limit': 'Requests allowed in the window.',
      'X-RateLimit-Remaining': 'Always 0 here.',
    },
  },
} as const;

export type ErrorResponseName = keyof typeof errorResponses;

/** The example of a 422 for this body schema: what the route answers to an empty object (none if it accepts one). */
export function validationExample(body: z.ZodType): z.infer<typeof validationErrorSchema> | undefined {
  try {
    validate(body, {});
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors = Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, [message]]));
    return { message: error.message, errors };
  }
}
