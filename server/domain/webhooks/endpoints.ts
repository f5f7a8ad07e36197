import { z } from 'zod';
import type { Services } from '../../services';
import {
  webhookRepository,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/repositories/webhook-repository';
import { privateAddressReason } from '../providers/public-address';
import { publicUrl } from '../channels/schemas';
import { fields, validate } from '../shared/validation';
import { NotFoundError, ValidationError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { allows, type TokenAbility } from '../teams/roles';
import { isWebhookEventType, pingEvent, webhookEventTypes, webhookLimits } from './event-types';
import { newSigningSecret, readSecret, rolled, writeSecret } from './secrets';
import { attemptDelivery, type AttemptOptions, type DeliveryServices } from './delivery';
import { newEventId } from './emit';

const manages = (actor: TeamActor, ability: TokenAbility) =>
  allows(actor.role, 'team:update') && (actor.abilities === undefined || actor.abilities.includes(ability));

/**
 * A team's webhook endpoints. They send every conversation of the team, its customers' words and
 * details included, to a URL outside Kawan, so they are the team's settings: owners and admins
 * keep them (as Chatwoot's and Intercom's are the workspace admins'); nobody else sees them. An API
 * token needs the ability of the action as well (read, create, update, delete).
 */
export const webhookPolicy = {
  view: (actor: TeamActor) => manages(actor, 'read'),
  create: (actor: TeamActor) => manages(actor, 'create'),
  update: (actor: TeamActor) => manages(actor, 'update'),
  delete: (actor: TeamActor) => manages(actor, 'delete'),
};

type EndpointServices = DeliveryServices & Pick<Services, 'route'>;

const endpointSchema = z.object({
  url: publicUrl('url', webhookLimits.url),
  description: fields.optionalString('description', webhookLimits.description).transform((value) => value ?? ''),
  events: z
    .array(z.string({ error: 'Each event must be one of the listed events.' }), {
      error: 'Choose the events this endpoint hears.',
    })
    .transform((events) => [...new Set(events)])
    .refine((events) => events.length > 0, 'Choose at least one event.')
    .refine((events) => events.every(isWebhookEventType), 'Each event must be one of the listed events.')
    // Stored in the page's order, whatever order the form sent.
    .transform((events) => webhookEventTypes.map(({ type }) => type).filter((type) => events.includes(type))),
  enabled: z.boolean({ error: 'The enabled field must be true or false.' }).default(true),
});

async function owned(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  id: number,
  action: 'update' | 'delete' = 'update',
): Promise<WebhookEndpointRow> {
  authorize(webhookPolicy[action](actor));
  const endpoint = await webhookRepository(services.db, actor.teamId).find(id);
  if (!endpoint) throw new NotFoundError();
  return endpoint;
}

async function read(services: EndpointServices, input: unknown) {
  const data = validate(endpointSchema, input);
  const blocked = await privateAddressReason(data.url, services.config.knowledge.allowPrivateUrls);
  if (blocked) throw new ValidationError({ url: blocked });
  return data;
}

/** A new endpoint, with its signing secret to show once. */
export async function createEndpoint(
  services: EndpointServices,
  actor: TeamActor,
  input: unknown,
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  authorize(webhookPolicy.create(actor));
  const repo = webhookRepository(services.db, actor.teamId);
  if ((await repo.count()) >= webhookLimits.endpoints) {
    throw new ValidationError({
      url: `A team can have up to ${webhookLimits.endpoints} webhook endpoints. Delete one it no longer uses.`,
    });
  }
  const data = await read(services, input);
  const secret = newSigningSecret();
  const endpoint = await repo.create({
    ...data,
    secret: writeSecret(services.encrypter, { current: secret }),
    createdBy: actor.userId,
  });
  return { endpoint, secret };
}

/** Its URL, description, events, and whether it is on: turning it on again forgets why Kawan had turned it off. */
export async function updateEndpoint(
  services: EndpointServices,
  actor: TeamActor,
  id: number,
  input: unknown,
): Promise<WebhookEndpointRow> {
  const endpoint = await owned(services, actor, id);
  const data = await read(services, input);
  const turnedOn = data.enabled && !endpoint.enabled;
  const updated = await webhookRepository(services.db, actor.teamId).update(endpoint.id, {
    ...data,
    ...(turnedOn || endpoint.url !== data.url ? { disabledReason: null, failingSince: null } : {}),
  });
  if (!updated) throw new NotFoundError();
  return updated;
}

export async function deleteEndpoint(services: Pick<Services, 'db'>, actor: TeamActor, id: number): Promise<void> {
  const endpoint = await owned(services, actor, id, 'delete');
  await webhookRepository(services.db, actor.teamId).remove(endpoint.id);
}

/** A new secret, to show once; the old one signs beside it for a day. */
export async function rotateEndpointSecret(services: EndpointServices, actor: TeamActor, id: number): Promise<string> {
  const endpoint = await owned(services, actor, id);
  const secret = rolled(readSecret(services.encrypter, endpoint.secret));
  await webhookRepository(services.db, actor.teamId).update(endpoint.id, {
    secret: writeSecret(services.encrypter, secret),
  });
  return secret.current;
}

/**
 * "Send test event": a `ping` delivered now, once, and kept in the log like any other, so that a
 * receiver can be checked before a customer writes.
 */
export async function sendTestEvent(
  services: EndpointServices,
  actor: TeamActor,
  id: number,
  options: Pick<AttemptOptions, 'lookup'> = {},
): Promise<WebhookDeliveryRow> {
  const endpoint = await owned(services, actor, id);
  const now = new Date();
  const eventId = newEventId();
  const payload = {
    id: eventId,
    type: pingEvent,
    createdAt: now.toISOString(),
    data: {
      endpoint: { id: endpoint.id, url: endpoint.url, events: endpoint.events },
      message: 'A test event from Kawan. Answer 2xx to acknowledge it.',
    },
  };
  const [row] = await webhookRepository(services.db, actor.teamId).queue(
    [endpoint.id],
    { eventId, type: pingEvent, payload },
    now,
  );
  return (await attemptDelivery(services, row!.id, { ...options, manual: true })) ?? row!;
}

/** "Resend": the same event, the same body and id, once more now (a delivered one too: a receiver may have lost it). */
export async function resendDelivery(
  services: EndpointServices,
  actor: TeamActor,
  endpointId: number,
  deliveryId: number,
  options: Pick<AttemptOptions, 'lookup'> = {},
): Promise<WebhookDeliveryRow> {
  const endpoint = await owned(services, actor, endpointId);
  const repo = webhookRepository(services.db, actor.teamId);
  const delivery = await repo.delivery(endpoint.id, deliveryId);
  if (!delivery) throw new NotFoundError();
  if (delivery.state === 'pending') {
    throw new ValidationError({ delivery: 'This event is still being delivered; its next attempt is scheduled.' });
  }
  const reopened = await repo.reopen(delivery.id);
  if (!reopened) throw new ValidationError({ delivery: 'This event is being delivered again already.' });
  return (await attemptDelivery(services, delivery.id, { ...options, manual: true })) ?? reopened;
}
