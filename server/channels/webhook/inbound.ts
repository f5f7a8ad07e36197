/**
 * What a client's system posts to the generic webhook / API channel, one message per request:
 *
 *   { "message": { "id": "ord-981-1", "text": "Halo", "user": { "id": "cust-42", "name": "Ayu",
 *     "email": "ayu@example.com", "phone": "+62 812 3456 7890", "attributes": { "poin": 1250 } },
 *     "sentAt": "2025-02-12T01:23:44Z" }, "metadata": { "orderId": 981 } }
 *
 * `user.attributes` are values of the team's contact fields by key: their shape is checked here (a
 * 422), each value against its field when the message is applied (pipeline.ts `acceptInbound`).
 *
 * `message.id` is the sender's idempotency key: the same id sent again is the same message
 * (eventId `message:<id>`). A bad body is the client's mistake, so it comes back as field messages
 * (`{ 'message.text': 'The message.text field is required.' }`) for a 422, never as an exception.
 * Unknown members are ignored.
 */
import { z } from 'zod';
import { fields } from '../../domain/shared/validation';
import type { InboundMessage, ParsedWebhook } from '../driver';

/** The longest text taken, as the other channels' providers: 4096 characters. */
export const MAX_TEXT_LENGTH = 4096;
/** The most metadata taken, as JSON text. */
export const MAX_METADATA_BYTES = 16 * 1024;
/** The most contact field values one message may set (a team keeps up to 30 fields). */
export const MAX_ATTRIBUTES = 30;

const phone = z
  .string({ error: 'The message.user.phone field must be a string.' })
  .trim()
  .transform((value, ctx) => {
    const digits = value.replace(/[\s().-]/g, '').replace(/^\+/, '');
    if (/^[1-9]\d{6,14}$/.test(digits)) return `+${digits}`;
    ctx.addIssue({
      code: 'custom',
      message: 'The message.user.phone field must be a phone number in international format (+62…).',
    });
    return z.NEVER;
  });

export const inboundMessageSchema = z.object(
  {
    message: z.object(
      {
        id: fields.requiredString('message.id', 255),
        text: fields.requiredString('message.text', MAX_TEXT_LENGTH),
        user: z.object(
          {
            id: fields.requiredString('message.user.id', 255),
            name: fields.optionalString('message.user.name', 255),
            email: z
              .string({ error: 'The message.user.email field must be a string.' })
              .trim()
              .max(255, 'The message.user.email field must not be greater than 255 characters.')
              .pipe(z.email('The message.user.email field must be a valid email address.'))
              .transform((value) => value.toLowerCase())
              .optional(),
            phone: phone.optional(),
            attributes: z
              .record(
                z.string().max(60, 'A key of message.user.attributes must not be greater than 60 characters.'),
                z.union(
                  [
                    z.string().max(500, 'A value of message.user.attributes must not be greater than 500 characters.'),
                    z.number(),
                    z.boolean(),
                    z.null(),
                  ],
                  { error: 'A value of message.user.attributes must be text, a number, true, false or null.' },
                ),
                { error: 'The message.user.attributes field must be an object of values by field key.' },
              )
              .refine((value) => Object.keys(value).length <= MAX_ATTRIBUTES, {
                message: `The message.user.attributes field must not have more than ${MAX_ATTRIBUTES} keys.`,
              })
              .optional(),
          },
          { error: 'The message.user field is required.' },
        ),
        sentAt: z.iso
          .datetime({ offset: true, error: 'The message.sentAt field must be an ISO 8601 date and time.' })
          .optional(),
      },
      { error: 'The message field is required.' },
    ),
    metadata: z
      .record(z.string(), z.unknown(), { error: 'The metadata field must be an object.' })
      .refine(
        (value) => Buffer.byteLength(JSON.stringify(value)) <= MAX_METADATA_BYTES,
        `The metadata field must not be larger than ${MAX_METADATA_BYTES / 1024} kB.`,
      )
      .optional(),
  },
  { error: 'The body must be a JSON object.' },
);

export type InboundBody = z.infer<typeof inboundMessageSchema>;

export type InboundResult =
  | {
      ok: true;
      webhook: ParsedWebhook;
      metadata?: Record<string, unknown>;
    }
  | { ok: false; errors: Record<string, string> };

/**
 * Reads a request body into one text message (threadId and externalUserId are the sender's user
 * id; sentAt defaults to `now`), or field messages (the first per field, dot paths; `body` for a
 * body that is not a JSON object).
 */
export function parseInbound(rawBody: Buffer | string, options: { now?: Date } = {}): InboundResult {
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return { ok: false, errors: { body: 'The body must be JSON.' } };
  }
  const result = inboundMessageSchema.safeParse(json);
  if (!result.success) {
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
    return { ok: false, errors };
  }

  const { message, metadata } = result.data;
  const inbound: InboundMessage = {
    externalId: message.id,
    externalUserId: message.user.id,
    threadId: message.user.id,
    ...(message.user.name ? { name: message.user.name } : {}),
    ...(message.user.phone ? { phoneE164: message.user.phone } : {}),
    ...(message.user.email ? { email: message.user.email } : {}),
    ...(message.user.attributes ? { attributes: message.user.attributes } : {}),
    kind: 'text',
    text: message.text,
    attachments: [],
    sentAt: message.sentAt ? new Date(message.sentAt) : (options.now ?? new Date()),
  };
  return {
    ok: true,
    webhook: { eventId: `message:${message.id}`, messages: [inbound], statuses: [] },
    ...(metadata ? { metadata } : {}),
  };
}
