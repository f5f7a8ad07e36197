import type { z } from 'zod';
import {
  apiContactDeletedEventSchema,
  apiContactEventSchema,
  apiConversationEventSchema,
  apiMessageEventSchema,
  apiPingEventSchema,
} from '../../presenters/api-schemas';
import { pingEvent, webhookEventTypes } from '../../domain/webhooks/event-types';
import { contactExample, conversationExample, messageExample } from './examples';
import type { JsonSchema, OpenApiOperation } from './document';

/** What a receiver's answer does, for every event. */
const received =
  'Any 2xx acknowledges the event. A 5xx, 408, 409 or 429 (with its Retry-After) is tried again later, 12 attempts over about a day; anything else gives the event up. Redirects are not followed.';

/** How every event is sent, said once in each event's description. */
const signed =
  'Kawan POSTs it to each endpoint that hears it (Integrations → Webhooks), signed with the endpoint\'s secret: `X-Kawan-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (two `v1` while a rolled secret settles), with `X-Kawan-Event-Id`.';

const conversation = { ...conversationExample, url: 'https://kawan.example.com/conversations/41' };
const envelope = (type: string, data: object) => ({
  id: 'evt_5f0c8e1d2a3b4c5d6e7f8091',
  type,
  createdAt: '2026-11-24T10:15:00.000Z',
  data,
});

/** The example of each event: the API reference's own objects, in the state the event leaves them. */
function exampleOf(type: string): object {
  if (type === 'contact.created' || type === 'contact.updated') return envelope(type, { contact: contactExample });
  if (type === 'contact.deleted') return envelope(type, { contact: { id: 18, external_id: null }, merged_into: 17 });
  if (type === 'message.created')
    return envelope(type, { message: messageExample, conversation, contact: contactExample });
  if (type === pingEvent) {
    return envelope(type, {
      endpoint: { id: 3, url: 'https://crm.example.com/kawan/webhooks', events: ['conversation.resolved'] },
      message: 'A test event from Kawan. Answer 2xx to acknowledge it.',
    });
  }
  if (type === 'conversation.updated')
    return envelope(type, { conversation, contact: contactExample, changed: ['labels'] });
  return envelope(type, { conversation, contact: contactExample });
}

/** The schema of an event's body (tests check real deliveries against it). */
export function webhookSchemaOf(type: string): z.ZodType {
  if (type === 'contact.created' || type === 'contact.updated') return apiContactEventSchema;
  if (type === 'contact.deleted') return apiContactDeletedEventSchema;
  if (type === 'message.created') return apiMessageEventSchema;
  if (type === pingEvent) return apiPingEventSchema;
  return apiConversationEventSchema;
}

/**
 * OpenAPI 3.1's `webhooks`: each event a team's endpoints may hear (and the test event), as the
 * request Kawan makes, with its body's schema and an example.
 */
export function webhookDocuments(
  convert: (schema: z.ZodType) => JsonSchema,
): Record<string, { post: OpenApiOperation }> {
  const events = [
    ...webhookEventTypes,
    { type: pingEvent, label: 'Test event', description: '"Send test event" on the endpoint\'s page.' },
  ];
  return Object.fromEntries(
    events.map(({ type, label, description }) => [
      type,
      {
        post: {
          operationId: `webhooks.${type}`,
          tags: ['Webhooks'],
          summary: `${type}: ${label}`,
          description: `${description}\n\n${signed}`,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: convert(webhookSchemaOf(type)), example: exampleOf(type) } },
          },
          responses: { '2XX': { description: received } },
        },
      },
    ]),
  );
}
