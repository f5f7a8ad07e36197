import { z } from 'zod';
import { fields } from '../shared/validation';

const page = z.coerce
  .number({ error: 'The page must be a positive integer.' })
  .int('The page must be a positive integer.')
  .min(1, 'The page must be a positive integer.')
  .max(100_000, 'The page must not be greater than 100000.')
  .default(1);

const perPage = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `The per page must be an integer between 1 and ${max}.` })
    .int(`The per page must be an integer between 1 and ${max}.`)
    .min(1, `The per page must be an integer between 1 and ${max}.`)
    .max(max, `The per page must be an integer between 1 and ${max}.`)
    .default(fallback);

/**
 * `GET /api/contacts`: a search over name, e-mail and phone, and a list or yes/no field's value or a date field's month
 * (`segment=member_tier:Gold`, checked against the team's fields by the controller).
 */
export const apiContactQuerySchema = z.object({
  search: z.string().trim().max(100, 'The search must not be greater than 100 characters.').optional(),
  segment: z.string().max(200, 'The segment must not be greater than 200 characters.').optional(),
  external_id: z.string().max(255, 'The external id must not be greater than 255 characters.').optional(),
  page,
  per_page: perPage(100, 50),
});

/**
 * `GET /api/conversations`: the inbox's filters, strictly (an export that silently ignored a
 * misspelt filter would export the wrong rows), plus `updated_since` for incremental exports.
 */
export const apiConversationQuerySchema = z.object({
  state: z
    .enum(['open', 'bot', 'queued', 'human', 'snoozed', 'resolved'], {
      error: 'The state must be one of open, bot, queued, human, snoozed or resolved.',
    })
    .optional(),
  channel: fields.queryId('channel').optional(),
  bot: fields.queryId('bot').optional(),
  assignee: z.union([z.literal('me'), z.literal('unassigned'), fields.queryId('assignee')]).optional(),
  label: fields.queryId('label').optional(),
  /** Conversations with a note naming this teammate ("@Name"): `me` or a user id. */
  mentioned: z.union([z.literal('me'), fields.queryId('mentioned')]).optional(),
  priority: z
    .enum(['low', 'medium', 'high', 'urgent'], {
      error: 'The priority must be one of low, medium, high or urgent.',
    })
    .optional(),
  search: z.string().trim().max(100, 'The search must not be greater than 100 characters.').optional(),
  updated_since: z.iso
    .datetime({ offset: true, error: 'The updated since must be an ISO 8601 date and time.' })
    .transform((value) => new Date(value))
    .optional(),
  page,
  per_page: perPage(100, 50),
});

/** `GET /api/conversations/{conversation}/messages`. */
export const apiMessageQuerySchema = z.object({ page, per_page: perPage(200, 100) });
