import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import type { CompiledRoute } from '../../server/http/router/registry';
import type { TeamRow } from '../../server/db/repositories/team-repository';
import type { UserRow } from '../../server/db/repositories/user-repository';
import * as schema from '../../server/db/schema/index';
import type { Services } from '../../server/services';
import { createApiToken } from '../factories/api-tokens';
import { createInvitation, createMember, createTeam } from '../factories/teams';
import { createUser } from '../factories/users';
import { createKnowledgeWithChunk } from '../factories/knowledge';
import { createPublishedBot } from '../factories/bots';
import { createChannel, createConversation } from '../factories/channels';
import { gapRepository } from '../../server/db/repositories/gap-repository';
import { issueInvoice } from '../../server/billing/subscriptions';
import type { browser } from './app';
import { writeSecret } from '../../server/domain/webhooks/secrets';

/**
 * What the tests that walk the whole route registry (tenancy, malformed input) need: a team with a
 * row of every kind a route parameter can name, the value of each parameter for it, and how a
 * request gets through each route middleware. A route with a parameter or a middleware these do not
 * know makes the walking test fail, naming what to add here.
 */
export interface Tenant {
  team: TeamRow;
  owner: UserRow;
  /** A member other than the owner. */
  member: UserRow;
  invitation: { id: number };
  token: { id: number; plainText: string };
  /** A notification of the team's owner (notifications belong to users, not teams). */
  notification: { id: string };
  /** A knowledge base of the team with a source and a chunk. */
  knowledge: { id: number };
  source: { id: number };
  chunk: { id: number };
  /** A published bot of the team (version 1) with one answered turn. */
  bot: { id: number; publicId: string };
  version: { id: number; version: number };
  turn: { id: number };
  /** A model server of the team's own. */
  provider: { id: number };
  /** A saved reply of the team. */
  savedReply: { id: number };
  /** A conversation label of the team. */
  label: { id: number };
  /** A web widget channel of the team on the bot, with a conversation, its message and an event. */
  channel: { id: number; publicKey: string };
  conversation: { id: number };
  /** The conversation's contact. */
  contact: { id: number };
  /** A note about the contact. */
  note: { id: number };
  message: { id: number };
  event: { id: number };
  /** A knowledge gap of the team, from the conversation's message. */
  gap: { id: number };
  /** An open invoice of the team (Kawan's own, the manual provider). */
  invoice: { id: number };
  /** A broadcast of the team, scheduled a month ahead. */
  broadcast: { id: number };
  /** A contact field of the team. */
  contactField: { id: number };
  /** A webhook endpoint of the team (a local port nothing listens on: a test event fails at once), with a failed delivery. */
  webhook: { id: number };
  delivery: { id: number };
  /** An automation rule of the team. */
  automation: { id: number };
}

const where = 'tests/helpers/route-walk.ts';

/** A team (the owner's current one) with a member, an invitation, a token with every ability and a notification. */
export async function createTenant(services: Pick<Services, 'db' | 'encrypter'>, name: string): Promise<Tenant> {
  const owner = await createUser(services, { name: `${name} Owner` });
  const team = await createTeam(services, owner, { name, current: true });
  const member = await createMember(services, team, 'editor', { name: `${name} Member` });
  const invitation = await createInvitation(
    services,
    team,
    `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`,
    'viewer',
  );
  const { token, plainText } = await createApiToken(services, owner, {
    teamId: team.id,
    abilities: ['create', 'read', 'update', 'delete'],
  });
  const [notification] = await services.db
    .insert(schema.notifications)
    .values({ id: randomUUID(), userId: owner.id, type: 'route-walk', data: { team: name } })
    .returning({ id: schema.notifications.id });
  const { knowledge, source, chunk } = await createKnowledgeWithChunk(services, team.id, { name: `${name} FAQ` });
  const [provider] = await services.db
    .insert(schema.providerCredentials)
    .values({ teamId: team.id, name: `${name} models`, baseUrl: 'http://127.0.0.1:9/v1', models: ['fake-model'] })
    .returning({ id: schema.providerCredentials.id });
  const [savedReply] = await services.db
    .insert(schema.savedReplies)
    .values({ teamId: team.id, shortcut: 'hours', text: `${name} opens at 08.00.` })
    .returning({ id: schema.savedReplies.id });
  const [label] = await services.db
    .insert(schema.conversationLabels)
    .values({ teamId: team.id, name: 'VIP', color: 'amber' })
    .returning({ id: schema.conversationLabels.id });
  const [contactField] = await services.db
    .insert(schema.contactFields)
    .values({ teamId: team.id, key: 'kota', label: 'Kota', type: 'text' })
    .returning({ id: schema.contactFields.id });
  const { bot, version, turn } = await createPublishedBot(services, team.id, {
    name: `${name} Bot`,
    knowledgeIds: [knowledge.id],
  });
  const channel = await createChannel(services as Pick<Services, 'db' | 'encrypter'>, team.id, {
    type: 'web',
    botId: bot.id,
    name: `${name} site`,
    settings: { allowedDomains: ['shop.example.com'] },
    secrets: { identitySecret: 'route-walk-secret' },
  });
  const { conversation, message, event } = await createConversation(services, channel);
  const [note] = await services.db
    .insert(schema.contactNotes)
    .values({ teamId: team.id, contactId: conversation.contactId, userId: owner.id, text: `${name} note` })
    .returning({ id: schema.contactNotes.id });
  const gaps = gapRepository(services.db, team.id);
  const gap = await gaps.createGap({
    title: `${name} question`,
    embeddingProvider: 'kawan',
    embeddingModel: 'lexical-v1',
    centroid: [],
    lastAskedAt: new Date(),
  });
  await gaps.addQuestion(gap.id, {
    messageId: message.id,
    conversationId: conversation.id,
    botId: bot.id,
    text: `${name} question`,
    reason: 'fallback',
    askedAt: new Date(),
  });
  const invoice = await issueInvoice(services.db, team.id, {
    provider: 'manual',
    purpose: 'subscription',
    currency: 'USD',
    plan: 'starter',
    interval: 'month',
    lines: [{ description: 'Starter plan, monthly', quantity: 1, amount: 2900 }],
  });
  const [broadcast] = await services.db
    .insert(schema.broadcasts)
    .values({
      teamId: team.id,
      channelId: channel.id,
      name: `${name} promo`,
      templateName: 'promo',
      templateLanguage: 'id',
      audience: { kind: 'all' },
      scheduledAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: schema.broadcasts.id });
  const [webhook] = await services.db
    .insert(schema.webhookEndpoints)
    .values({
      teamId: team.id,
      url: 'http://127.0.0.1:9/kawan',
      events: ['message.created'],
      secret: writeSecret(services.encrypter, { current: `whsec_${name}` }),
    })
    .returning({ id: schema.webhookEndpoints.id });
  const eventId = `evt_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  const [delivery] = await services.db
    .insert(schema.webhookDeliveries)
    .values({
      teamId: team.id,
      endpointId: webhook.id,
      eventId,
      type: 'message.created',
      payload: { id: eventId, type: 'message.created', createdAt: new Date().toISOString(), data: {} },
      state: 'failed',
      attempts: 1,
      error: 'The endpoint answered 500.',
    })
    .returning({ id: schema.webhookDeliveries.id });
  const [automation] = await services.db
    .insert(schema.automationRules)
    .values({
      teamId: team.id,
      name: `${name} rule`,
      trigger: 'customer_message',
      conditions: [{ type: 'message_contains', words: ['komplain'] }],
      actions: [{ type: 'set_priority', priority: 'high' }],
    })
    .returning({ id: schema.automationRules.id });
  return {
    team,
    owner,
    member,
    invitation,
    token: { id: token.id, plainText },
    notification,
    knowledge: { id: knowledge.id },
    source: { id: source.id },
    chunk: { id: chunk.id },
    bot: { id: bot.id, publicId: bot.publicId },
    version: { id: version.id, version: version.version },
    turn: { id: turn.id },
    provider: { id: provider.id },
    savedReply: { id: savedReply.id },
    label: { id: label.id },
    channel: { id: channel.id, publicKey: channel.publicKey },
    conversation: { id: conversation.id },
    contact: { id: conversation.contactId },
    note: { id: note.id },
    message: { id: message.id },
    event: { id: event.id },
    gap: { id: gap.id },
    invoice: { id: invoice.id },
    broadcast: { id: broadcast.id },
    contactField: { id: contactField.id },
    webhook: { id: webhook.id },
    delivery: { id: delivery.id },
    automation: { id: automation.id },
  };
}

/** For each route parameter: the value that names a row of the tenant's team. */
export const fixtures: Record<string, (tenant: Tenant) => number | string> = {
  team: (tenant) => tenant.team.id,
  user: (tenant) => tenant.member.id,
  invitation: (tenant) => tenant.invitation.id,
  token: (tenant) => tenant.token.id,
  notification: (tenant) => tenant.notification.id,
  knowledge: (tenant) => tenant.knowledge.id,
  source: (tenant) => tenant.source.id,
  chunk: (tenant) => tenant.chunk.id,
  bot: (tenant) => tenant.bot.id,
  version: (tenant) => tenant.version.id,
  turn: (tenant) => tenant.turn.id,
  provider: (tenant) => tenant.provider.id,
  savedReply: (tenant) => tenant.savedReply.id,
  label: (tenant) => tenant.label.id,
  channel: (tenant) => tenant.channel.id,
  /** The channel's public key (webhooks and the widget name channels so). */
  key: (tenant) => tenant.channel.publicKey,
  conversation: (tenant) => tenant.conversation.id,
  contact: (tenant) => tenant.contact.id,
  note: (tenant) => tenant.note.id,
  message: (tenant) => tenant.message.id,
  /** A message's attachment by its place: not a row; the conversation and message decide whose it is. */
  index: () => 0,
  event: (tenant) => tenant.event.id,
  /** A report table to export: not a row; the signed-in team's figures are exported. */
  table: () => 'daily',
  gap: (tenant) => tenant.gap.id,
  invoice: (tenant) => tenant.invoice.id,
  broadcast: (tenant) => tenant.broadcast.id,
  contactField: (tenant) => tenant.contactField.id,
  webhook: (tenant) => tenant.webhook.id,
  delivery: (tenant) => tenant.delivery.id,
  automation: (tenant) => tenant.automation.id,
};

export function fixtureFor(route: CompiledRoute, name: string): (tenant: Tenant) => number | string {
  const fixture = fixtures[name];
  if (!fixture) {
    throw new Error(
      `Route ${route.name} takes {${name}}, which the route walk has no fixture for: add '${name}' to \`fixtures\` in ${where} (the id of a row of the given team), or, in the tenancy test, the route to \`notTenantRows\` with the reason its parameters name no team's row.`,
    );
  }
  return fixture;
}

export type Transport = 'guest' | 'session' | 'bearer';

/**
 * For each route middleware: which way the actor's request gets through it. The actor is signed
 * in (session), verified, has just confirmed the password, and holds a token of their team with
 * every ability (bearer); `guest` routes are asked by a browser with no session. `signed` URLs are
 * signed by the walking test.
 */
const middleware: Record<string, Transport | 'neutral'> = {
  guest: 'guest',
  auth: 'session',
  verified: 'neutral',
  'password.confirm': 'neutral',
  signed: 'neutral',
  throttle: 'neutral',
  'auth.token': 'bearer',
  abilities: 'neutral',
  ability: 'neutral',
  // The widget's public endpoints: no session, like a guest's page.
  'widget.channel': 'guest',
};

/** Session unless a middleware says guest or bearer. */
export function transportFor(route: CompiledRoute): Transport {
  let transport: Transport = 'session';
  for (const entry of route.middleware) {
    const name = entry.split(':', 1)[0];
    const handling = middleware[name];
    if (!handling) {
      throw new Error(
        `Route ${route.name} uses middleware '${name}', which the route walk does not know how to pass: add it to \`middleware\` in ${where}.`,
      );
    }
    if (handling !== 'neutral') transport = handling;
  }
  return transport;
}

type Client = Awaited<ReturnType<typeof browser>>;

/**
 * Sends `body` to the route's URL the way its transport asks: an Inertia request for a browser
 * (the session's or a guest's), a JSON request with the bearer token for the API.
 */
export async function sendTo(
  route: CompiledRoute,
  url: string,
  client: Client,
  bearer: string,
  body: unknown = {},
): Promise<Response> {
  const method = route.methods[0] === 'HEAD' ? 'GET' : route.methods[0];
  if (transportFor(route) === 'bearer') {
    const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return client.agent[verb](url)
      .set({ Accept: 'application/json', Authorization: `Bearer ${bearer}` })
      .send(body as object);
  }
  if (method === 'GET') return client.visit(url);
  return client.send(method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete', url, body as Record<string, unknown>);
}
