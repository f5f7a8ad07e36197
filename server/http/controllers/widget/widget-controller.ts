import { typingEvents } from '../../../domain/conversations/typing';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { and, asc, eq } from 'drizzle-orm';
import { teamPlan } from '../../../billing/limits';
import { z } from 'zod';
import { channelByPublicKey, type ChannelRow } from '../../../db/repositories/channel-repository';
import { conversationRepository, type ConversationRow } from '../../../db/repositories/conversation-repository';
import { withinBusinessHours } from '../../../bot-engine/handoff';
import { offlineReply } from '../../../bot-engine/opening-hours';
import { replyLanguage } from '../../../bot-engine/turn';
import { spokenIn } from '../../../bot-engine/bot-config';
import { acceptInbound, answeringBot, widgetTarget } from '../../../channels/pipeline';
import {
  conversationChanged,
  inboxEvent,
  messageCreated,
  visibleToVisitor,
  widgetChannelName,
} from '../../../domain/conversations/events';
import { queueForPerson } from '../../../domain/conversations/queue';
import { noteThumbsDown } from '../../../domain/gaps/collect-question';
import { presentWidgetConversation, presentWidgetMessage } from '../../../presenters/conversation-presenter';
import { realtimeEndpoint } from '../../../broadcasting/client-config';
import { safeEqual } from '../../../support/crypto';
import { HttpError, NotFoundError, ValidationError } from '../../../support/errors';
import { validate } from '../../../domain/shared/validation';
import {
  browserLocale,
  widgetLimits,
  type HandoffResponse,
  type SessionResponse,
  type WidgetConfig,
  type WidgetMessage,
} from '../../../channels/web/protocol';
import type { Services } from '../../../services';
import { projectPath } from '../../../support/paths';
import { cspNonce } from '../../middleware/security-headers';
import { channels, users } from '../../../db/schema/index';
import { demoLogin } from '../../../db/seed';
import { preChatForm } from '../../../channels/web/pre-chat';
import { detailsNeeded, savePreChatAnswers } from '../../../domain/contacts/pre-chat';
import { acceptVisitorFile, visitorFile } from '../../../channels/web/visitor-files';
import { anonymousThreadId, verifiedIdentity, verifiedThreadId } from '../../../channels/web/visitors';
import { readRawBody } from '../../middleware/body';
import { sendStoredFile } from '../../file-headers';
import { attachmentIndex, routeId } from '../../route-params';

const publicDir = projectPath('public');

/**
 * The web chat widget's public endpoints (server/channels/web/protocol.ts): no session, no CSRF
 * token; the channel's allowed domains are checked on every call (and its CORS headers name only
 * an allowed origin), a visitor proves who they are with the token `session` gave them.
 */

interface WidgetRequest extends Request {
  channel?: ChannelRow;
}

const domainsOf = (channel: ChannelRow) =>
  Array.isArray(channel.settings.allowedDomains) ? (channel.settings.allowedDomains as string[]) : [];

/** Whether a page's origin may use the channel: its host (and port) matches an allowed domain, or it is Kawan's own. */
export function originAllowed(
  services: Pick<Services, 'config'>,
  channel: ChannelRow,
  origin: string | undefined,
): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(services.config.app.url).origin) return true;
  return domainsOf(channel).some((entry) => {
    const [pattern, port] = entry.split(':');
    if (port && url.port !== port) return false;
    if (pattern.startsWith('*.')) return url.hostname.endsWith(pattern.slice(1)) && url.hostname !== pattern.slice(2);
    return url.hostname === pattern;
  });
}

/**
 * Kawan's own origin for a request its own page made (the widget preview at /demo/widget): browsers
 * send a same-origin GET without an Origin header, but with Sec-Fetch-Site.
 */
function sameOrigin(req: Request): string | undefined {
  return req.get('sec-fetch-site') === 'same-origin' ? new URL(req.services.config.app.url).origin : undefined;
}

/** Finds the channel, answers CORS (a preflight at once) and refuses a page on another domain. */
export function widgetChannel(req: WidgetRequest, res: Response, next: NextFunction): void {
  // Its callers (the dispatcher, the kernel's preflight hook) catch only what is thrown at once.
  checkWidgetChannel(req, res, next).catch(next);
}

async function checkWidgetChannel(req: WidgetRequest, res: Response, next: NextFunction) {
  // A preflight reaches this before any route matched (server/http/kernel.ts): the key is read from the path.
  const key = (req.params?.key as string | undefined) ?? /^\/widget\/([^/]+)\//.exec(req.path)?.[1];
  const channel = key ? await channelByPublicKey(req.services.db, key) : undefined;
  if (!channel || channel.type !== 'web') return next(new NotFoundError());
  const origin = req.get('origin');
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  if (!originAllowed(req.services, channel, origin ?? sameOrigin(req)))
    return next(new HttpError(403, 'This chat is not available on this site.'));
  req.channel = channel;
  next();
}

function sign(services: Pick<Services, 'config'>, value: string) {
  return createHmac('sha256', services.config.app.key).update(`widget:${value}`).digest('base64url');
}

interface Visitor {
  visitorId: string;
  userId?: string;
  /** The name and e-mail the host page gives with a signed-in user's id: their contact's, when Kawan makes it. */
  name?: string;
  email?: string;
}

function tokenFor(services: Pick<Services, 'config'>, channel: ChannelRow, visitor: Visitor) {
  const body = Buffer.from(JSON.stringify({ c: channel.publicKey, ...visitor })).toString('base64url');
  return `${body}.${sign(services, body)}`;
}

/** The visitor of the request's Bearer token, when it is signed and was given for this channel. */
function tokenVisitor(req: Request, publicKey: string): Visitor | undefined {
  const header = req.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const [body, signature] = token.split('.');
  if (!body || !signature || !safeEqual(signature, sign(req.services, body))) return undefined;
  const data = JSON.parse(Buffer.from(body, 'base64url').toString()) as { c: string } & Visitor;
  if (data.c !== publicKey) return undefined;
  if (!data.userId) return { visitorId: data.visitorId };
  return {
    visitorId: data.visitorId,
    userId: data.userId,
    ...(data.name ? { name: data.name } : {}),
    ...(data.email ? { email: data.email } : {}),
  };
}

function visitorOf(req: WidgetRequest): Visitor {
  const visitor = tokenVisitor(req, req.channel!.publicKey);
  if (!visitor) throw new HttpError(401, 'The chat session expired.');
  return visitor;
}

/** The visitor id a widget request proves with its token (what its per-visitor rate limit counts by). */
export function widgetVisitorId(req: Request): string | undefined {
  return tokenVisitor(req, String(req.params.key))?.visitorId;
}

/**
 * Whether the channel's bot answers, the widget's language: the one its published version replies
 * in (null for `auto`, or when no bot answers: the visitor's browser decides), and the bot's welcome
 * message in the language the widget will speak (for `auto`, the browser's, as the panel tells it
 * from the first of its languages). Read through the pipeline's hot cache: every page view of a host
 * site asks for the config.
 */
async function channelBot(
  services: Services,
  channel: ChannelRow,
  browserLanguage: string,
): Promise<{ active: boolean; language: WidgetConfig['language']; welcome: string }> {
  const answering = await answeringBot(services, channel);
  const language = answering?.config.language;
  const spoken = browserLocale(browserLanguage) === 'id' ? 'indonesian' : 'english';
  return {
    active: answering !== undefined,
    language: language === 'indonesian' ? 'id' : language === 'english' ? 'en' : null,
    welcome: answering ? spokenIn(answering.config, spoken).welcomeMessage : '',
  };
}

export async function config(req: WidgetRequest, res: Response) {
  const channel = req.channel!;
  const s = channel.settings;
  const { key, host, port, scheme } = {
    ...realtimeEndpoint(req.services.config),
    key: req.services.config.reverb.widget.key,
  };
  const bot = await channelBot(req.services, channel, req.get('accept-language') ?? '');
  const body: WidgetConfig = {
    title: typeof s.title === 'string' && s.title ? s.title : channel.name,
    color: typeof s.color === 'string' ? s.color : '#4f46e5',
    position: s.position === 'left' ? 'left' : 'right',
    avatarUrl: typeof s.avatarUrl === 'string' && s.avatarUrl ? s.avatarUrl : null,
    launcherText: typeof s.launcherText === 'string' ? s.launcherText : '',
    // The channel's own welcome; without one, its bot's.
    welcomeMessage: typeof s.welcomeMessage === 'string' && s.welcomeMessage.trim() ? s.welcomeMessage : bot.welcome,
    suggestedQuestions: Array.isArray(s.suggestedQuestions) ? (s.suggestedQuestions as string[]) : [],
    proactive:
      typeof s.proactiveMessage === 'string' && s.proactiveMessage.trim()
        ? {
            message: s.proactiveMessage,
            delaySeconds: typeof s.proactiveDelaySeconds === 'number' ? s.proactiveDelaySeconds : 15,
          }
        : null,
    preChat: preChatForm(s),
    collectCsat: s.collectCsat === true,
    maxFileBytes: req.services.config.uploads.maxBytes,
    // "Powered by Kawan" goes on the plans that include its removal (Billing's plan table says which).
    showBranding: !(await teamPlan(req.services.db, req.services.config, channel.teamId)).limits.removeBranding,
    botActive: bot.active,
    language: bot.language,
    realtime: {
      key,
      wsHost: host,
      wsPort: port,
      wssPort: port,
      forceTLS: scheme === 'https',
      authEndpoint: `${req.services.config.app.url}/widget/${channel.publicKey}/broadcasting/auth`,
    },
  };
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
}

const sessionSchema = z.object({
  visitorId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional()
    .catch(undefined),
  identity: z
    .object({
      userId: z.string().min(1).max(255),
      userHash: z.string().min(1).max(128),
      name: z.string().max(255).optional(),
      email: z.string().email().max(255).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  page: z
    .object({
      url: z.string().max(2000).optional(),
      title: z.string().max(500).optional(),
      referrer: z.string().max(2000).optional(),
    })
    .optional()
    .catch(undefined),
});

/** The visitor's latest conversation on the channel (open, or the last one resolved). */
function latestConversation(
  services: Services,
  channel: ChannelRow,
  threadId: string,
): Promise<ConversationRow | undefined> {
  return conversationRepository(services.db, channel.teamId).latestOfThread(channel.id, threadId);
}

export async function session(req: WidgetRequest, res: Response) {
  const channel = req.channel!;
  const data = validate(sessionSchema, req.body);
  let verified = false;
  let visitorId = anonymousThreadId(data.visitorId);
  let verifiedUser: Omit<Visitor, 'visitorId'> | undefined;
  if (data.identity && channel.settings.identityVerification === true) {
    const secret = JSON.parse(req.services.encrypter.decrypt(channel.secrets)) as { identitySecret?: string };
    const expected = createHmac('sha256', secret.identitySecret ?? '')
      .update(data.identity.userId)
      .digest('hex');
    if (safeEqual(data.identity.userHash.toLowerCase(), expected)) {
      verified = true;
      const { userId, name, email } = data.identity;
      verifiedUser = { userId, ...(name?.trim() ? { name: name.trim() } : {}), ...(email ? { email } : {}) };
      // One thread per signed-in user, whatever browser they use.
      visitorId = verifiedThreadId(channel.publicKey, userId);
    }
  }
  const conversation = await latestConversation(req.services, channel, visitorId);
  const repo = conversationRepository(req.services.db, channel.teamId);
  const messages = conversation
    ? (await repo.messages(conversation.id, { limit: 60 })).filter(visibleToVisitor).slice(-50)
    : [];
  const agentName = conversation?.assigneeId ? (await repo.listed(conversation.id))?.assigneeName : null;
  const body: SessionResponse = {
    visitorId,
    token: tokenFor(req.services, channel, { visitorId, ...verifiedUser }),
    channel: widgetChannelName(channel.publicKey, visitorId),
    verified,
    detailsNeeded:
      conversation === undefined &&
      (await detailsNeeded(req.services, channel, { externalUserId: visitorId, verified })),
    conversation: conversation
      ? presentWidgetConversation(conversation, { collectCsat: channel.settings.collectCsat === true, agentName })
      : null,
    messages: messages.map(presentWidgetMessage),
  };
  // Kept for the first message: where the visitor is and who they said they are.
  res.json(body);
}

/** The visitor's answers to the channel's pre-chat form (422 with a message per field). */
export async function contact(req: WidgetRequest, res: Response) {
  const visitor = visitorOf(req);
  await savePreChatAnswers(req.services, req.channel!, { externalUserId: externalUserOf(visitor) }, req.body);
  res.status(204).end();
}

/** Who the visitor is as a contact identity: the host's user for a verified visitor, else the visitor id. */
const externalUserOf = (visitor: Visitor) => (visitor.userId ? verifiedIdentity(visitor.userId) : visitor.visitorId);

/** A client-made id (a UUID): resending with the same one never makes a second message. */
const clientIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'The client id is invalid.');

const sendSchema = z.object({
  text: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(widgetLimits.message, 'The message is too long.'),
  clientId: clientIdSchema,
  page: z
    .object({ url: z.string().max(2000).optional(), title: z.string().max(500).optional() })
    .optional()
    .catch(undefined),
});

export async function send(req: WidgetRequest, res: Response) {
  const channel = req.channel!;
  const visitor = visitorOf(req);
  const data = validate(sendSchema, req.body);
  const { message } = await acceptInbound(
    req.services,
    channel,
    {
      externalId: `web:${data.clientId}`,
      externalUserId: externalUserOf(visitor),
      threadId: visitor.visitorId,
      ...(visitor.name ? { name: visitor.name } : {}),
      kind: 'text',
      text: data.text,
      attachments: [],
      sentAt: new Date(),
    },
    {
      clientId: data.clientId,
      verified: visitor.userId !== undefined,
      externalId: visitor.userId,
      email: visitor.email,
      origin: data.page?.url
        ? { url: data.page.url, ...(data.page.title ? { title: data.page.title } : {}) }
        : undefined,
    },
  );
  res.status(202).json({ message: presentWidgetMessage({ ...message, sender: 'contact' }) });
}

const uploadSchema = z.object({
  clientId: clientIdSchema,
  name: z.string().max(1000, 'The file name is too long.').optional().default('file'),
});

/**
 * A file the visitor sends (the request's body is the file, `?clientId=&name=`): a message of its
 * own, refused with 413 over UPLOAD_MAX_BYTES and 422 when it is not a kind the chat takes.
 */
export async function upload(req: WidgetRequest, res: Response) {
  const channel = req.channel!;
  const visitor = visitorOf(req);
  const query = validate(uploadSchema, req.query);
  const bytes = await readRawBody(req, req.services.config.uploads.maxBytes);
  const { message } = await acceptVisitorFile(
    req.services,
    channel,
    {
      threadId: visitor.visitorId,
      externalUserId: externalUserOf(visitor),
      verified: visitor.userId !== undefined,
      userId: visitor.userId,
      name: visitor.name,
      email: visitor.email,
    },
    { bytes, name: query.name, clientId: query.clientId },
  );
  res.status(202).json({ message: presentWidgetMessage({ ...message, sender: 'contact' }) });
}

/** A file of the visitor's own chat, for the widget to show (it fetches it with its token). */
export async function attachment(req: WidgetRequest, res: Response) {
  const visitor = visitorOf(req);
  const file = await visitorFile(req.services, req.channel!, visitor.visitorId, {
    messageId: routeId(req, 'message'),
    index: attachmentIndex(req),
  });
  await sendStoredFile(res, file);
}

async function openConversation(req: WidgetRequest) {
  const visitor = visitorOf(req);
  const conversation = await latestConversation(req.services, req.channel!, visitor.visitorId);
  if (!conversation) throw new ValidationError({ conversation: 'Write a message first.' });
  return conversation;
}

/**
 * "Talk to a person": the conversation waits for the team, with a summary for whoever takes it.
 * Outside the bot's business hours, as when the visitor writes that they want a person, the
 * reason is `offline` and the bot says its offline message with the hours and when people are back,
 * in the conversation's language.
 */
export async function handoff(req: WidgetRequest, res: Response) {
  const channel = req.channel!;
  const conversation = await openConversation(req);
  const repo = conversationRepository(req.services.db, channel.teamId);
  const widget = widgetTarget(channel, conversation.threadId);
  const answering = await answeringBot(req.services, channel);
  const hours = answering?.config.handoff.businessHours ?? null;
  const now = new Date();
  const away = hours !== null && !withinBusinessHours(hours, now);
  const said: WidgetMessage[] = [];
  // Said before the thread's line, as a reply is when the visitor writes that they want a person.
  if (away && answering && conversation.state === 'bot') {
    // The language the bot would reply to the visitor's latest message in.
    const written = (await repo.messages(conversation.id, { limit: 20 }))
      .filter((message) => message.direction === 'inbound')
      .map((message) => ({ role: 'user' as const, content: message.text }));
    const latest = written.pop();
    const language = await replyLanguage(answering.config.language, latest?.content ?? '', written);
    const spoken = spokenIn(answering.config, language).handoff;
    const text = offlineReply({ ...spoken, businessHours: hours }, now, language);
    const line = await repo.insertMessage({
      conversationId: conversation.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'bot',
      kind: 'text',
      text,
      status: 'sent',
    });
    if (line) {
      await messageCreated(req.services, line, widget);
      if (visibleToVisitor(line)) said.push(presentWidgetMessage(line));
    }
  }
  await queueForPerson(req.services, conversation, away ? 'offline' : 'user_request', widget);
  const current = (await repo.find(conversation.id))!;
  const body: HandoffResponse = {
    conversation: presentWidgetConversation(current, { collectCsat: channel.settings.collectCsat === true }),
    messages: said,
  };
  res.status(202).json(body);
}

export async function typing(req: WidgetRequest, res: Response) {
  const conversation = await openConversation(req);
  await req.services.broadcaster.broadcast({
    channels: [`private-conversations.${conversation.id}`],
    event: inboxEvent(typingEvents.contact),
    data: { typing: req.body?.typing === true },
  });
  res.status(204).end();
}

const csatSchema = z.object({
  score: z.coerce
    .number({ error: 'Choose a rating from 1 to 5.' })
    .int()
    .min(1, 'Choose a rating from 1 to 5.')
    .max(5, 'Choose a rating from 1 to 5.'),
  comment: z.string().trim().max(widgetLimits.comment, 'The comment is too long.').optional(),
});

export async function csat(req: WidgetRequest, res: Response) {
  const channel = req.channel!;
  const conversation = await openConversation(req);
  const data = validate(csatSchema, req.body);
  if (conversation.state !== 'resolved') throw new ValidationError({ score: 'The conversation is still open.' });
  const repo = conversationRepository(req.services.db, channel.teamId);
  await repo.update(conversation.id, { csatScore: data.score, csatComment: data.comment || null, csatAt: new Date() });
  await conversationChanged(
    req.services,
    channel.teamId,
    conversation.id,
    'rated',
    widgetTarget(channel, conversation.threadId),
  );
  res.status(204).end();
}

const feedbackSchema = z.object({ value: z.enum(['up', 'down']).nullable() });

export async function feedback(req: WidgetRequest, res: Response) {
  const channel = req.channel!;
  const conversation = await openConversation(req);
  const { value } = validate(feedbackSchema, req.body);
  const repo = conversationRepository(req.services.db, channel.teamId);
  const message = await repo.message(Number(req.params.message));
  if (!message || message.conversationId !== conversation.id || message.sender !== 'bot') throw new NotFoundError();
  const updated = await repo.updateMessage(message.id, { feedback: value === 'up' ? 1 : value === 'down' ? -1 : null });
  if (updated) await messageCreated(req.services, updated, undefined, 'MessageUpdated');
  if (updated && value === 'down') await noteThumbsDown(req.services, channel.teamId, updated);
  res.status(204).end();
}

/** Pusher's channel authorization for the visitor's own channel, signed with the widget app's secret. */
export async function broadcastingAuth(req: WidgetRequest, res: Response) {
  const channel = req.channel!;
  const visitor = visitorOf(req);
  const socketId = String(req.body?.socket_id ?? '');
  const channelName = String(req.body?.channel_name ?? '');
  if (!/^\d+\.\d+$/.test(socketId)) throw new ValidationError({ socket_id: 'The socket id is invalid.' });
  if (channelName !== `private-${widgetChannelName(channel.publicKey, visitor.visitorId)}`) throw new HttpError(403);
  const { key, secret } = req.services.config.reverb.widget;
  const signature = createHmac('sha256', secret).update(`${socketId}:${channelName}`).digest('hex');
  res.json({ auth: `${key}:${signature}` });
}

let loader: Buffer | undefined;

/** GET /widget.js: the loader a host page runs (public/build/widget/widget.js), cached briefly. */
export function script(req: Request, res: Response) {
  const file = join(publicDir, 'build', 'widget', 'widget.js');
  if (!loader || !req.services.config.isProduction) {
    if (!existsSync(file)) throw new HttpError(404, 'The widget is not built: run npm run build.');
    loader = readFileSync(file);
  }
  res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.send(loader);
}

/**
 * The web widget `/demo/widget` shows when no channel is named: the signed-in user's team's first
 * one; else, on a local run with the demo data, the demo team's (the README sends newcomers here).
 */
async function defaultWidget(req: Request): Promise<string | undefined> {
  const { db, config } = req.services;
  const teamId =
    req.user?.currentTeamId ??
    (config.seedDemo && !config.isProduction
      ? (await db.select({ teamId: users.currentTeamId }).from(users).where(eq(users.email, demoLogin.email)))[0]
          ?.teamId
      : null);
  if (teamId === null || teamId === undefined) return undefined;
  const [channel] = await db
    .select({ publicKey: channels.publicKey })
    .from(channels)
    .where(and(eq(channels.teamId, teamId), eq(channels.type, 'web')))
    .orderBy(asc(channels.id))
    .limit(1);
  return channel?.publicKey;
}

/** GET /demo/widget: a plain page with the snippet, to chat with a channel's bot at once. */
export async function demo(req: Request, res: Response) {
  const key = typeof req.query.channel === 'string' ? req.query.channel : '';
  if (!key) {
    const fallback = await defaultWidget(req);
    if (!fallback) throw new NotFoundError();
    res.redirect(302, `${req.services.route('demo.widget')}?channel=${encodeURIComponent(fallback)}`);
    return;
  }
  const channel = await channelByPublicKey(req.services.db, key);
  if (!channel || channel.type !== 'web') throw new NotFoundError();
  const app = req.services.config.app.url;
  const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(channel.name)} · widget preview</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${cspNonce(res)}">body{font-family:system-ui,sans-serif;margin:0;background:#f9fafb;color:#111827}main{max-width:40rem;margin:4rem auto;padding:0 1.5rem}h1{font-size:1.5rem}p{color:#4b5563;line-height:1.6}code{background:#eef2ff;padding:.1rem .3rem;border-radius:.25rem}</style>
</head><body><main>
<h1>${escape(channel.name)}</h1>
<p>This page embeds the chat widget exactly as your site would, with the snippet from the channel's setup. Open the chat bubble in the corner and ask a question.</p>
<p><code>&lt;script src="${escape(app)}/widget.js" data-channel="${escape(channel.publicKey)}" async&gt;&lt;/script&gt;</code></p>
</main>
<script src="${escape(app)}/widget.js" data-channel="${escape(channel.publicKey)}" async></script>
</body></html>`);
}
