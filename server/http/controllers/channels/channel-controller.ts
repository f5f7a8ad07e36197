import type { Request, Response } from 'express';
import { channelRepository, type ChannelRow } from '../../../db/repositories/channel-repository';
import { botRepository } from '../../../db/repositories/bot-repository';
import { conversationRepository } from '../../../db/repositories/conversation-repository';
import {
  channelPolicy,
  createChannel,
  deleteChannel,
  recheckChannel,
  replayEvent,
  rotateSecret,
  syncTemplates,
  updateChannel,
  webhookUrl,
  type RevealedSecret,
} from '../../../domain/channels/channel-actions';
import { channelTypeInfo, channelTypes } from '../../../domain/channels/schemas';
import { authorize, type TeamActor } from '../../../domain/teams/team-access';
import { NotFoundError } from '../../../support/errors';
import {
  presentChannelDetail,
  presentChannelEvent,
  presentChannelSummary,
  presentSettings,
  presentTemplate,
} from '../../../presenters/channel-presenter';
import { secretsOf } from '../../../channels/pipeline';
import { routeId } from '../../route-params';
import { pageMeta, pageNumber } from '../../pagination';
import { teamActor } from '../../team-actor';
import type { Services } from '../../../services';
import { limitOf } from '../../../domain/billing/plan-usage';
import { teamPlan } from '../../../billing/limits';
import { presentPlanChannelTypes } from '../../../presenters/plan-usage-presenter';

const perPage = 15;
const eventsPerPage = 20;

function can(actor: TeamActor) {
  return {
    create: channelPolicy.create(actor),
    update: channelPolicy.update(actor),
    delete: channelPolicy.delete(actor),
  };
}

const isType = (value: unknown): value is (typeof channelTypes)[number] =>
  (channelTypes as readonly string[]).includes(String(value));

/**
 * Channels/Index: the team's channels with their bot and health; search and type filter; where the
 * team stands against its plan's channels.
 */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(channelPolicy.view(actor));
  const search = typeof req.query.search === 'string' ? req.query.search.trim().slice(0, 100) : '';
  const type = isType(req.query.type) ? req.query.type : undefined;
  const page = pageNumber(req.query.page);
  const [{ items, total }, limit] = await Promise.all([
    channelRepository(req.services.db, actor.teamId).page({ search, type, page, perPage }),
    limitOf(req.services, actor.teamId, 'channels'),
  ]);
  await req.inertia.render('Channels/Index', {
    channels: { data: items.map((channel) => presentChannelSummary(channel)), meta: pageMeta(page, perPage, total) },
    filters: { search, type: type ?? '' },
    types: channelTypeInfo,
    limit,
    can: can(actor),
  });
}

async function botOptions(req: Request, teamId: number) {
  const { items } = await botRepository(req.services.db, teamId).page({ page: 1, perPage: 200 });
  return items.map((bot) => ({
    id: bot.id,
    name: bot.name,
    status: bot.status,
    published: bot.publishedVersion !== null,
  }));
}

/**
 * Channels/Create: the types (those the plan leaves out shown disabled, with the plan that has
 * them), the bots to answer, and each type's defaults; `?type=` opens a type the plan includes.
 */
export async function create(req: Request) {
  const actor = await teamActor(req);
  authorize(channelPolicy.create(actor));
  const [plan, limit, bots] = await Promise.all([
    teamPlan(req.services.db, req.services.config, actor.teamId),
    limitOf(req.services, actor.teamId, 'channels'),
    botOptions(req, actor.teamId),
  ]);
  const type = isType(req.query.type) && plan.limits.channelTypes.includes(req.query.type) ? req.query.type : null;
  await req.inertia.render('Channels/Create', {
    types: channelTypeInfo,
    bots,
    type,
    ...presentPlanChannelTypes(plan),
    limit,
    defaults: {
      web: presentSettings({
        type: 'web',
        settings: {
          allowedDomains: [],
          color: '#4f46e5',
          position: 'right',
          title: '',
          launcherText: 'Chat with us',
          // Empty: the bot's own welcome, in each visitor's language.
          welcomeMessage: '',
          suggestedQuestions: [],
          collectCsat: true,
          identityVerification: false,
        },
      }),
      whatsapp: presentSettings({ type: 'whatsapp', settings: { collectCsat: true } }),
      telegram: presentSettings({ type: 'telegram', settings: { collectCsat: true } }),
      webhook: presentSettings({ type: 'webhook', settings: {} }),
    },
  });
}

function reveal(req: Request, revealed: RevealedSecret | null) {
  if (revealed) req.inertia.flash('revealed_secret', revealed);
}

export async function store(req: Request, res: Response) {
  const { channel, revealed } = await createChannel(req.services, await teamActor(req), req.body);
  reveal(req, revealed);
  req.inertia
    .flash('banner', `${channel.name} was created. Follow the setup steps to connect it.`)
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('channels.show', channel.id));
}

async function found(req: Request, actor: TeamActor): Promise<ChannelRow & { botName: string | null }> {
  const channel = await channelRepository(req.services.db, actor.teamId).find(routeId(req, 'channel'));
  if (!channel) throw new NotFoundError();
  const bot =
    channel.botId === null ? undefined : await botRepository(req.services.db, actor.teamId).find(channel.botId);
  return { ...channel, botName: bot?.name ?? null };
}

function setupOf(services: Services, channel: ChannelRow) {
  const url = webhookUrl(services, channel.type, channel.publicKey);
  const app = services.config.app.url;
  switch (channel.type) {
    case 'web':
      return {
        webhook_url: null,
        snippet: `<script src="${app}/widget.js" data-channel="${channel.publicKey}" async></script>`,
        preview_url: `${services.route('demo.widget')}?channel=${encodeURIComponent(channel.publicKey)}`,
        steps: [
          'Paste the snippet before </body> on every page of your site where the chat should appear.',
          'Add each domain the site runs on to Allowed domains (a page on any other domain gets no chat).',
          'Optional: to tell signed-in customers apart, turn on identity verification and call Kawan.identify({ userId, userHash, name, email }) with userHash = HMAC-SHA256(secret, userId) computed on your server. Their contact is the one your system keeps with that id through the API (POST /api/contacts, external_id).',
        ],
      };
    case 'whatsapp':
      return {
        webhook_url: url,
        snippet: null,
        preview_url: null,
        steps: [
          'In the Meta app dashboard, open WhatsApp → Configuration and set the Callback URL to the URL above and the Verify token to the one you saved here.',
          'Subscribe the webhook to the "messages" field.',
          'Use a permanent (system user) access token with whatsapp_business_messaging and whatsapp_business_management.',
          'Press "Check credentials" to confirm Kawan can reach your number, then "Sync templates" to send replies outside the 24-hour window.',
        ],
      };
    case 'telegram':
      return {
        webhook_url: url,
        snippet: null,
        preview_url: null,
        steps: [
          'Kawan set this URL as your bot’s webhook when the token was saved (with a secret token Telegram sends back on every update).',
          'If the health shows an error, check the token with @BotFather and press "Check credentials" to set the webhook again.',
          'Write to your bot in Telegram: the conversation appears in the inbox.',
        ],
      };
    case 'webhook':
      return {
        webhook_url: url,
        snippet: null,
        preview_url: null,
        steps: [
          'POST each customer message as JSON { "message": { "id", "text", "user": { "id", "name?", "email?", "phone?", "attributes?" } } } to the URL above; attributes are values of your contact fields by key ({ "poin": 1250 }), kept on the contact before the bot reads the message.',
          'Sign it: X-Kawan-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, "<t>.<raw body>")>; requests older than five minutes are refused.',
          'Replies and events are POSTed to your outbound URL signed the same way, and retried with backoff for about 24 hours.',
          'A reply with a file carries data.attachments: [{ "name", "mime", "size", "url" }]; download each from its signed url within 25 hours.',
        ],
      };
  }
}

export async function show(req: Request) {
  const actor = await teamActor(req);
  authorize(channelPolicy.view(actor));
  const channel = await found(req, actor);
  const repo = channelRepository(req.services.db, actor.teamId);
  const page = pageNumber(req.query.page);
  const events = await repo.events(channel.id, { page, perPage: eventsPerPage });
  const conversations = conversationRepository(req.services.db, actor.teamId);
  const eventRows = await Promise.all(
    events.items.map(async (event) => {
      const message = event.messageId === null ? undefined : await conversations.message(event.messageId);
      return presentChannelEvent(
        event,
        message ? req.services.route('conversations.show', message.conversationId) : null,
      );
    }),
  );
  const flashed = req.flashed?.page as { revealed_secret?: { label: string; value: string } } | undefined;
  await req.inertia.render('Channels/Show', {
    channel: presentChannelDetail(channel, secretsOf(req.services, channel)),
    setup: setupOf(req.services, channel),
    events: { data: eventRows, meta: pageMeta(page, eventsPerPage, events.total) },
    templates: channel.type === 'whatsapp' ? (await repo.templates(channel.id)).map(presentTemplate) : null,
    revealed_secret: flashed?.revealed_secret ?? null,
    can: can(actor),
  });
}

export async function edit(req: Request) {
  const actor = await teamActor(req);
  authorize(channelPolicy.view(actor));
  const channel = await found(req, actor);
  await req.inertia.render('Channels/Edit', {
    channel: presentChannelDetail(channel, secretsOf(req.services, channel)),
    bots: await botOptions(req, actor.teamId),
    can: can(actor),
  });
}

export async function update(req: Request, res: Response) {
  const id = routeId(req, 'channel');
  const { revealed } = await updateChannel(req.services, await teamActor(req), id, req.body);
  reveal(req, revealed);
  req.inertia.flash('banner', 'Saved.').flash('bannerStyle', 'success');
  res.redirect(303, req.services.route(revealed ? 'channels.show' : 'channels.edit', id));
}

export async function destroy(req: Request, res: Response) {
  const channel = await deleteChannel(req.services, await teamActor(req), routeId(req, 'channel'));
  req.inertia.flash('banner', `${channel.name} was deleted.`).flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('channels.index'));
}

export async function check(req: Request, res: Response) {
  const id = routeId(req, 'channel');
  const channel = await recheckChannel(req.services, await teamActor(req), id);
  const result = channel.credentialCheck;
  req.inertia
    .flash(
      'banner',
      result?.ok ? `Credentials work: ${result.detail}` : `The check failed: ${result?.detail ?? 'no answer'}`,
    )
    .flash('bannerStyle', result?.ok ? 'success' : 'danger');
  res.redirect(303, req.services.route('channels.show', id));
}

export async function rotate(req: Request, res: Response) {
  const id = routeId(req, 'channel');
  reveal(req, await rotateSecret(req.services, await teamActor(req), id));
  res.redirect(303, req.services.route('channels.show', id));
}

export async function replay(req: Request, res: Response) {
  const id = routeId(req, 'channel');
  await replayEvent(req.services, await teamActor(req), id, routeId(req, 'event'));
  req.inertia.flash('banner', 'The event is being processed again.').flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('channels.show', id));
}

export async function templates(req: Request, res: Response) {
  const id = routeId(req, 'channel');
  const count = await syncTemplates(req.services, await teamActor(req), id);
  req.inertia.flash('banner', `${count} template${count === 1 ? '' : 's'} synced.`).flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('channels.show', id));
}
