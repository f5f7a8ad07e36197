/**
 * One pipeline for every channel type:
 *
 *   webhook → verify → store the raw event once (channel, event id) → 200 at once
 *   `channel.inbound` job (one transaction; a thread's deliveries in the order received, several
 *     threads at once) → contact and identity → conversation (open, reopened or new) →
 *     message stored once (channel, provider id) → acknowledged to the provider when its adapter
 *     asks (a tapped button stops spinning) → `channel.media` job for its files
 *     (server/channels/fetch-media.ts) → `conversation.reply` job when the bot answers
 *   `conversation.reply` job (one per conversation at a time: the newest message answers the
 *     ones before it) → the published bot's turn, streamed live → the reply stored once per
 *     inbound message → its first send attempt, from the same job
 *   a send → the adapter sends; a failure retried by a `channel.send` job on the adapter's
 *     schedule (an agent's message goes out by that job from the start); status tracked
 *
 * Every step is idempotent: a redelivered webhook, a retried job or a process killed mid-step ends
 * with one message and one reply. The pipeline knows adapters (server/channels/adapters.ts), never
 * a channel type.
 */
import { readFile } from 'node:fs/promises';
import { signUrl } from '../support/signed-url';
import { join } from 'node:path';
import type { Services } from '../services';
import type { JobContext } from '../jobs/queue';
import type { InboundMessage, OutboundFile, OutboundText, ParsedWebhook, WebhookRequest } from './driver';
import { ChannelError } from './driver';
import { channelAdapter, type ChannelAdapter, type ChannelSecrets } from './adapters';
import {
  attachmentsToStore,
  awaitingFetch,
  isTeamMediaPath,
  mediaJob,
  mediaKind,
  messagePreview,
  privateDisk,
  type StoredAttachment,
} from './media';
import {
  channelById,
  type ChannelEventRow,
  channelByPublicKey,
  channelEventLog,
  markChannel,
  outboundEventId,
  type ChannelRow,
} from '../db/repositories/channel-repository';
import {
  conversationRepository,
  conversationWriter,
  listedConversation,
  type ContactRow,
  type ConversationListRow,
  type ConversationRow,
  type MessageRow,
  type OutboundLogEntry,
} from '../db/repositories/conversation-repository';
import { botRepository } from '../db/repositories/bot-repository';
import { configOf } from '../domain/bots/actions/chat';
import { answerTurn, spokenReply } from '../domain/bots/answer';
import { handoffTurn, replyLanguage, type HistoryMessage, type TurnResult } from '../bot-engine/turn';
import { handOffRule, runMessageRules, runQueuedRules, tellRuleChanges } from '../domain/automations/run';
import { assignWaiting } from '../domain/conversations/auto-assign';
import type { Language } from '../knowledge/language';
import { spokenIn } from '../bot-engine/bot-config';
import { smallTalk } from '../bot-engine/small-talk';
import { ProviderError } from '../bot-engine/providers/provider';
import { citationMarkers, withoutMarkers } from '../bot-engine/citations';
import {
  conversationChanged,
  messageCreated,
  messageDelta,
  visibleToVisitor,
  widgetChannelName,
  widgetTyping,
  type WidgetTarget,
} from '../domain/conversations/events';
import { presentWidgetMessage } from '../presenters/conversation-presenter';
import { queueForPerson } from '../domain/conversations/queue';
import { notifyAssigned, notifyReplied } from '../domain/conversations/notifications';
import { customerLanguage, ratingReply, ratingThanks, ratingTitle } from '../domain/conversations/rating';
import { transcriptionOf } from '../bot-engine/providers/transcription';
import { noteTurn } from '../domain/gaps/collect-question';
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { cachedRead, committedOf, copied, readsCommitted } from '../cache/cached-reads';
import { emitContactEvent, emitMessageEvent } from '../domain/webhooks/emit';
import { afterCommit } from '../db/after-commit';
import { users } from '../db/schema/index';
import {
  plannedModel,
  refusedTurn,
  replyReservation,
  reserveReply,
  settleReply,
  spentCredits,
} from '../billing/reply-metering';
import type { Reservation } from '../billing/metering';

import {
  broadcastConfirmation,
  broadcastRequest,
  resumeBroadcasts,
  stopBroadcasts,
  type BroadcastRequest,
} from '../domain/broadcasts/opt-out';
import { customerFacts } from '../domain/contacts/customer-facts';
import { keepSentAttributes } from '../domain/contacts/sent-attributes';

export const inboundJob = 'channel.inbound';
export const replyJob = 'conversation.reply';
export const sendJob = 'channel.send';

type PipelineServices = Pick<
  Services,
  | 'db'
  | 'config'
  | 'encrypter'
  | 'jobs'
  | 'broadcaster'
  | 'widgetBroadcaster'
  | 'logger'
  | 'embedders'
  | 'knowledgeHits'
  | 'route'
  | 'mailer'
>;

export function secretsOf(services: Pick<Services, 'encrypter'>, channel: Pick<ChannelRow, 'secrets'>): ChannelSecrets {
  let known = decrypted.get(services.encrypter);
  if (!known) decrypted.set(services.encrypter, (known = new Map()));
  let secrets = known.get(channel.secrets);
  if (secrets === undefined) {
    try {
      secrets = JSON.parse(services.encrypter.decrypt(channel.secrets)) as ChannelSecrets;
    } catch {
      return {};
    }
    if (known.size >= 1_000) known.clear();
    known.set(channel.secrets, secrets);
  }
  // A copy: a caller may change its own (rotating a secret) before encrypting it again.
  return { ...secrets };
}

/**
 * Channel secrets decrypted lately, by their ciphertext (which changes with them): an adapter is
 * made several times a turn (verify, acknowledge, typing, send). Bounded, then started over.
 */
const decrypted = new WeakMap<Services['encrypter'], Map<string, ChannelSecrets>>();

export function adapterFor(
  services: Pick<PipelineServices, 'config' | 'encrypter' | 'widgetBroadcaster' | 'db'>,
  channel: ChannelRow,
): ChannelAdapter {
  return channelAdapter(
    {
      id: channel.id,
      type: channel.type,
      publicKey: channel.publicKey,
      settings: channel.settings,
      secrets: secretsOf(services, channel),
    },
    {
      whatsappGraphUrl: services.config.channels.whatsappGraphUrl,
      telegramApiUrl: services.config.channels.telegramApiUrl,
      timeoutMs: services.config.channels.timeoutMs,
      allowPrivateUrls: services.config.knowledge.allowPrivateUrls,
      widgetSend: async (_channelId, out) => {
        // The visitor already saw the reply being written; this tells the widget it is final.
        if (out.messageId !== undefined) {
          const message = await conversationRepository(services.db, channel.teamId).message(out.messageId);
          if (message && visibleToVisitor(message)) {
            // An agent's reply carries their first name (WidgetMessage.senderName), as the history does.
            const [sender] = message.senderUserId
              ? await services.db.select({ name: users.name }).from(users).where(eq(users.id, message.senderUserId))
              : [];
            await services.widgetBroadcaster.broadcast({
              channels: [`private-${widgetChannelName(channel.publicKey, out.threadId)}`],
              event: 'message.created',
              data: { message: presentWidgetMessage({ ...message, senderName: sender?.name ?? null }) },
            });
          }
        }
        return { externalIds: [] };
      },
    },
  );
}

/** The widget side of a web conversation, for events the visitor should see. */
export function widgetTarget(channel: ChannelRow, threadId: string): WidgetTarget | undefined {
  return channel.type === 'web'
    ? { publicKey: channel.publicKey, threadId, collectCsat: channel.settings.collectCsat === true }
    : undefined;
}

export type WebhookAnswer =
  | { status: 200; body: string; contentType: 'text/plain' | 'application/json' }
  | { status: 401 | 403 | 404 | 422; body: string; contentType: 'application/json' };

const json = (status: 200 | 401 | 403 | 404 | 422, body: unknown): WebhookAnswer =>
  ({ status, body: JSON.stringify(body), contentType: 'application/json' }) as WebhookAnswer;

/** One line for the event log. */
export function summarize(webhook: ParsedWebhook): string {
  const parts: string[] = [];
  for (const message of webhook.messages) {
    const who = message.name ?? message.phoneE164 ?? message.externalUserId;
    parts.push(
      `${message.kind === 'text' ? 'Text' : message.kind} from ${who}${message.text ? `: ${message.text}` : ''}`,
    );
  }
  for (const status of webhook.statuses) parts.push(`Status ${status.status} for ${status.externalId}`);
  return (parts.join(' · ') || 'Nothing Kawan acts on').slice(0, 500);
}

/**
 * A webhook call: the handshake (GET) or a delivery (POST), verified, stored once and acknowledged.
 * The work happens in the `channel.inbound` job.
 */
export async function receiveWebhook(
  services: PipelineServices,
  type: ChannelRow['type'],
  publicKey: string,
  req: WebhookRequest,
): Promise<WebhookAnswer> {
  const channel = await channelByPublicKey(services.db, publicKey);
  if (!channel || channel.type !== type) return json(404, { message: 'Not found.' });
  const adapter = adapterFor(services, channel);
  if (req.method === 'GET') {
    const handshake = adapter.handshake(req);
    if (handshake.ok) return { status: 200, body: handshake.body, contentType: 'text/plain' };
    return json(handshake.status, { message: handshake.reason });
  }
  const verified = adapter.verify(req);
  if (!verified.ok) {
    const log = channelEventLog(services.db);
    await log.rejected({
      teamId: channel.teamId,
      channelId: channel.id,
      reason: verified.reason,
      eventId: `rejected:${randomUUID()}`,
    });
    await markChannel(services.db, channel.id, {
      lastErrorAt: req.now,
      lastError: `A webhook was refused: ${verified.reason}`,
    });
    return json(verified.status, { message: verified.reason });
  }
  let reading;
  try {
    reading = adapter.read(req);
  } catch (error) {
    return json(422, { message: 'The body is not JSON.', errors: { body: (error as Error).message } });
  }
  if (!reading.ok)
    return json(422, { message: Object.values(reading.errors)[0] ?? 'The body is invalid.', errors: reading.errors });
  // The delivery and its job in one statement: one round trip before the 200, and never one
  // without the other. A worker of this process with a free slot takes the job as it is inserted.
  const thread = reading.webhook.messages[0]?.threadId.slice(0, 255) ?? null;
  const claim = services.jobs.claim(inboundJob);
  let received: Awaited<ReturnType<ReturnType<typeof channelEventLog>['receive']>>;
  try {
    received = await channelEventLog(services.db).receive(
      {
        teamId: channel.teamId,
        channelId: channel.id,
        eventId: reading.webhook.eventId.slice(0, 255),
        summary: summarize(reading.webhook),
        payload: req.rawBody.toString('utf8'),
        thread,
      },
      (stored) => services.jobs.insertFrom(inboundJob, inboundJobData(stored), stored, claim),
    );
  } catch (error) {
    claim?.release();
    throw error;
  }
  if (received.stored) {
    if (claim) await claim.inserted({ eventId: received.id, channelId: channel.id, thread });
    else await services.jobs.queued(inboundJob);
    // Health shows the last inbound to the minute: a busy channel is not written on every request.
    if (!recently(channel.lastInboundAt, req.now))
      await markChannel(services.db, channel.id, { lastInboundAt: req.now });
    return json(200, { ok: true, duplicate: false });
  }
  claim?.release();
  const { event } = received;
  if (event.status === 'received' && req.now.getTime() - event.receivedAt.getTime() > strandedAfterMs) {
    // Delivered again while still waiting, long after it came: stored before its job was queued
    // with it (or its job lost with the queue's rows). A second job for it changes nothing: a
    // thread's waiting deliveries are applied once, in order.
    await services.jobs.send(inboundJob, { eventId: event.id, channelId: channel.id, thread: event.thread });
  }
  return json(200, { ok: true, duplicate: true });
}

/** The `channel.inbound` job's data, from a stored event's row (as `jobs.send` is given it elsewhere). */
function inboundJobData(event: SQL): SQL {
  return sql`jsonb_build_object('eventId', ${event}.id, 'channelId', ${event}.channel_id, 'thread', ${event}.thread)`;
}

/** How long a stored delivery may wait for its job before it counts as stranded. */
const strandedAfterMs = 60_000;

/** Which of these rows a job of the kind still waits for (or runs for), by the id its data names. */
async function jobsWaitingFor(
  services: Pick<Services, 'db'>,
  name: string,
  key: 'eventId' | 'messageId',
  rows: { id: number }[],
): Promise<Set<number>> {
  const ids = `{${rows.map((row) => row.id).join(',')}}`;
  const result = await services.db.execute(sql`
    select (data->>${key})::bigint as id from pgboss.job
     where name = ${name} and state < 'completed' and (data->>${key})::bigint = any(${ids}::bigint[])`);
  return new Set(rowsOf<{ id: string | number }>(result).map((row) => Number(row.id)));
}

/**
 * Deliveries stored but never handed to a job: the process stopped between storing the event and
 * queueing its job, and the provider did not deliver it again (a redelivery queues one itself).
 * Queued now when they have waited over a minute and no inbound job waits for them. The workers run
 * this every minute; at most 500 a run.
 */
export async function requeueStrandedEvents(
  services: Pick<Services, 'db' | 'jobs'>,
  now = new Date(),
): Promise<number> {
  const stranded = await channelEventLog(services.db).stranded(new Date(now.getTime() - strandedAfterMs));
  if (stranded.length === 0) return 0;
  const waiting = await jobsWaitingFor(services, inboundJob, 'eventId', stranded);
  let count = 0;
  for (const event of stranded) {
    if (waiting.has(event.id)) continue;
    await services.jobs.send(inboundJob, { eventId: event.id, channelId: event.channelId, thread: event.thread });
    count += 1;
  }
  return count;
}

/**
 * Outbound messages stored 'queued' but never handed to a `channel.send` job: the process stopped
 * between storing an agent's message (or a failed send's retry) and queueing its job. Queued now
 * when they have waited over a minute and no send job waits for them; the send claims the message
 * first, so a job queued twice still sends once. The workers run this every minute; at most 500 a run.
 */
export async function requeueStrandedSends(services: Pick<Services, 'db' | 'jobs'>, now = new Date()): Promise<number> {
  const stranded = await conversationWriter(services.db).queuedBefore(new Date(now.getTime() - strandedAfterMs));
  if (stranded.length === 0) return 0;
  const waiting = await jobsWaitingFor(services, sendJob, 'messageId', stranded);
  let count = 0;
  for (const message of stranded) {
    if (waiting.has(message.id)) continue;
    await services.jobs.send(sendJob, { teamId: message.teamId, messageId: message.id, attempt: message.attempts + 1 });
    count += 1;
  }
  return count;
}

/**
 * The published configuration of the channel's bot, when it answers at all: read for every inbound
 * message and every reply, so through the hot cache (inside the inbound transaction too, from the
 * database it runs on), which a write to the bot or a new version clears.
 */
export async function answeringBot(services: PipelineServices, channel: ChannelRow) {
  if (channel.status !== 'active' || channel.botId === null) return undefined;
  const botId = channel.botId;
  return cachedRead(
    committedOf(services.db),
    `answering-bot:${channel.teamId}:${botId}`,
    { groups: ['bots', 'bot_versions'] },
    async () => {
      const bots = botRepository(services.db, channel.teamId);
      const bot = await bots.find(botId);
      if (!bot || bot.status !== 'active' || bot.publishedVersion === null) return undefined;
      const version = await bots.versionNumber(bot.id, bot.publishedVersion);
      if (!version) return undefined;
      return { bot, version: bot.publishedVersion, config: configOf(version.config, bot.name) };
    },
    copied,
  );
}

/** Stores one inbound message in its conversation and asks for a reply when the bot has the conversation. */
export async function acceptInbound(
  services: PipelineServices,
  channel: ChannelRow,
  message: InboundMessage,
  extra: {
    email?: string;
    externalId?: string;
    verified?: boolean;
    origin?: Record<string, string>;
    clientId?: string;
    /** The stored delivery (row id) this message is all of: settled as processed by the statement that counts the message. */
    settling?: number;
  } = {},
): Promise<{ message: MessageRow; conversation: ConversationRow; duplicate: boolean; settled?: boolean }> {
  const writer = conversationWriter(services.db);
  const now = new Date();
  const externalId = message.externalId.slice(0, 255);
  // A redelivery: nothing is touched, not even the contact's last-seen time. The same read gives
  // the thread's conversation.
  const state = await writer.threadState(channel.id, externalId, message.threadId, {
    teamId: channel.teamId,
    channelType: channel.type,
    externalUserId: message.externalUserId,
  });
  const known = state.knownId === null ? undefined : await writer.inboundByExternalId(channel.id, externalId);
  const knownConversation =
    known && (await conversationRepository(services.db, channel.teamId).find(known.conversationId));
  if (known && knownConversation) return { message: known, conversation: knownConversation, duplicate: true };
  // A tapped rating is kept on the conversation that asked for it, which stays as it is; so is a
  // score typed instead of tapped, right after the question.
  const rating =
    message.payload !== undefined
      ? ratingReply(message.payload)
      : await typedRating(services, message, state.conversation);
  if (rating) {
    const rated = await ratedConversation(
      services,
      channel,
      message.threadId,
      rating.conversationId,
      state.conversation,
    );
    if (rated) return acceptRating(services, channel, message, rated, rating.score, now);
  }
  const details = {
    name: message.name,
    phoneE164: message.phoneE164,
    email: message.email ?? extra.email,
    // The team's own id for the person: a signed-in website user's, the webhook channel's user id.
    externalId: extra.externalId ?? (channel.type === 'webhook' ? message.externalUserId.slice(0, 255) : undefined),
    locale: message.locale,
  };
  // A contact seen within the minute with nothing to fill in is not written again (last seen is
  // shown to the minute): a customer's quick follow-ups cost one statement less each.
  const kept =
    state.contact && recently(state.contact.lastSeenAt, now) && !fillsIn(state.contact, details)
      ? state.contact
      : undefined;
  const contact =
    kept ??
    (await writer.contactFor({
      teamId: channel.teamId,
      channelType: channel.type,
      channelId: channel.id,
      externalUserId: message.externalUserId,
      ...details,
      verified: extra.verified,
    }));
  // First and last seen in the one statement that returned it: it made the contact, a new person.
  if (!kept && contact.firstSeenAt.getTime() === contact.lastSeenAt.getTime()) {
    await emitContactEvent(services, channel.teamId, 'contact.created', contact.id);
  }
  // The team's own system keeps the customer's fields with its messages (the webhook channel).
  if (message.attributes) await keepSentAttributes(services, channel.teamId, contact.id, message.attributes);
  const { conversation, opened, reopened } = await writer.conversationFor({
    teamId: channel.teamId,
    channelId: channel.id,
    botId: channel.botId,
    contactId: contact.id,
    threadId: message.threadId,
    origin: extra.origin,
    now,
    read: known ? undefined : state.conversation,
  });
  const adapter = adapterFor(services, channel);
  const stored = await writer.inbound({
    teamId: channel.teamId,
    conversationId: conversation.id,
    channelId: channel.id,
    kind: message.kind,
    text: message.text ?? '',
    attachments: attachmentsToStore(message.attachments, adapter.fetchMedia !== undefined),
    externalId,
    clientId: extra.clientId ?? null,
    replyToExternalId: message.replyToExternalId ?? null,
    createdAt: now,
  });
  const widget = widgetTarget(channel, message.threadId);
  if (!stored) {
    // The same message stored a moment ago by a concurrent delivery.
    return { message: (await writer.inboundByExternalId(channel.id, externalId))!, conversation, duplicate: true };
  }
  // A network call: after the commit (processInbound holds a transaction), never inside it.
  await afterCommit(() => acknowledge(services, adapter, message, stored));
  if ((stored.attachments as StoredAttachment[]).some(awaitingFetch)) {
    await services.jobs.send(mediaJob, { teamId: channel.teamId, messageId: stored.id });
  }
  // The reply job is queued by the statement that counts the message when the conversation is the
  // bot's: committed with the message, so a stop after the commit cannot leave it unanswered. A voice
  // note to transcribe is answered once its words are known: the media job queues its reply.
  const answering = await answeringBot(services, channel);
  const queuesReply =
    answering !== undefined && !(message.kind === 'audio' && transcribesVoice(services, adapter, stored));
  // The team's automation rules (labels, priority, notes), before the reply job is queued: its turn
  // hands the conversation to a person when a rule says so (handOffRule), so the customer hears the
  // bot's handoff message. The fields the webhook channel sent with the message are the contact's now.
  const described = message.attributes
    ? ((await conversationRepository(services.db, channel.teamId).contact(contact.id)) ?? contact)
    : contact;
  const ruled = await runMessageRules(services, {
    conversation,
    contact: described,
    message: stored,
    opened,
    botAnswers: queuesReply && conversation.state === 'bot',
  });
  if (queuesReply) await services.jobs.start();
  // A reply worker of this process with a free slot takes the job as the commit inserts it.
  const reply = { teamId: channel.teamId, messageId: stored.id };
  const claim = queuesReply ? services.jobs.claim(replyJob) : undefined;
  const preview = messagePreview(message);
  let counted: ConversationRow;
  try {
    counted = await writer.countInbound(
      conversation.id,
      now,
      preview,
      queuesReply ? { name: replyJob, data: reply, claimed: claim?.id } : undefined,
      extra.settling === undefined ? undefined : { eventRowId: extra.settling, messageId: stored.id },
    );
  } catch (error) {
    claim?.release();
    throw error;
  }
  const replyQueued = counted.state === 'bot' && queuesReply;
  if (claim && replyQueued) await claim.inserted(reply);
  else claim?.release();
  // Health shows the last inbound to the minute: a busy channel's row is not written (and locked
  // by every delivery's transaction) for each message.
  if (!recently(channel.lastInboundAt, now)) await markChannel(services.db, channel.id, { lastInboundAt: now });
  // A channel without a bot is for people only: its conversations wait for one from the start.
  let waitingFromStart = false;
  if (channel.botId === null && counted.state === 'bot') {
    const waiting = await conversationRepository(services.db, channel.teamId).transition(conversation.id, ['bot'], {
      state: 'queued',
      handoffAt: now,
    });
    waitingFromStart = waiting !== undefined;
    counted = waiting ?? counted;
  }
  // "STOP" on WhatsApp: no more broadcasts for them; "START": them again (domain/broadcasts/opt-out.ts).
  const request = channel.type === 'whatsapp' ? broadcastRequest(message.text) : null;
  if (request?.kind === 'stop' && !contact.unsubscribedAt) await stopBroadcasts(services, contact, conversation, now);
  if (request?.kind === 'start' && contact.unsubscribedAt) await resumeBroadcasts(services, contact, conversation);
  // Whoever has the conversation hears the customer wrote (not while they have it open).
  if (counted.state === 'human' && counted.assigneeId !== null) {
    await notifyReplied(services, counted, contact.name, preview);
  }
  await messageCreated(services, stored, widget);
  for (const line of ruled.lines) await messageCreated(services, line);
  // A conversation of a channel without a bot waits for a person from the start: the team's handoff
  // rules too (without a reason: nobody handed it over).
  if (waitingFromStart) counted = await ruledWaiting(services, counted, described);
  await conversationChanged(
    services,
    channel.teamId,
    conversation.id,
    opened ? 'opened' : reopened ? 'reopened' : 'message',
    widget,
    listedFromTurn(channel, counted, contact, answering?.bot),
  );
  // What the message's rules changed of its labels or priority, after the conversation's own event.
  await tellRuleChanges(services, conversation, ruled.changed);
  if (replyQueued && !claim) await services.jobs.queued(replyJob);
  return { message: stored, conversation: counted, duplicate: false, settled: extra.settling !== undefined };
}

/**
 * A conversation waiting for a person from its first message (its channel has no bot): the team's
 * handoff rules run, and a teammate one of them names is given it, with their bell.
 */
async function ruledWaiting(
  services: PipelineServices,
  conversation: ConversationRow,
  contact: ContactRow,
): Promise<ConversationRow> {
  const ruled = await runQueuedRules(services, conversation, contact, null);
  if (!ruled.assignee) return ruled.conversation;
  const assigned = await assignWaiting(services, ruled.conversation, ruled.assignee);
  if (!assigned) return ruled.conversation;
  await notifyAssigned(services, assigned, ruled.assignee.id, contact.name, { by: 'An automation rule' });
  return assigned;
}

/**
 * Whether an inbound voice note is transcribed before the bot answers it: the platform has a
 * transcription model, the channel downloads files, and the message has one waiting to be fetched.
 */
export function transcribesVoice(
  services: Pick<PipelineServices, 'config'>,
  adapter: Pick<ChannelAdapter, 'fetchMedia'>,
  message: Pick<MessageRow, 'attachments'>,
): boolean {
  return (
    transcriptionOf(services.config.ai) !== undefined &&
    adapter.fetchMedia !== undefined &&
    (message.attachments as StoredAttachment[]).some(awaitingFetch)
  );
}

/**
 * A rating typed instead of tapped ("5"): a lone score from 1 to 5 in a resolved, unrated
 * conversation whose latest message is its rating question. Anything else is read as usual.
 */
async function typedRating(
  services: PipelineServices,
  message: InboundMessage,
  conversation: ConversationRow | null,
): Promise<{ conversationId: number; score: number } | null> {
  const typed = /^\s*([1-5])\s*$/.exec(message.text ?? '');
  if (!typed || !conversation || conversation.state !== 'resolved' || conversation.csatScore !== null) return null;
  const [latest] = await conversationRepository(services.db, conversation.teamId).messages(conversation.id, {
    limit: 1,
  });
  const asked = latest?.choices?.items.some((item) => ratingReply(item.id)?.conversationId === conversation.id);
  return asked ? { conversationId: conversation.id, score: Number(typed[1]) } : null;
}

/** The conversation a rating names, when it is of this channel's thread (the thread's latest as read, or an earlier one). */
async function ratedConversation(
  services: PipelineServices,
  channel: ChannelRow,
  threadId: string,
  conversationId: number,
  latest: ConversationRow | null,
): Promise<ConversationRow | undefined> {
  const conversation =
    latest?.id === conversationId
      ? latest
      : await conversationRepository(services.db, channel.teamId).find(conversationId);
  return conversation && conversation.channelId === channel.id && conversation.threadId === threadId
    ? conversation
    : undefined;
}

/**
 * A rating the customer tapped (domain/conversations/rating.ts): kept on the conversation it was
 * asked in, with the tap in its thread as the choice's title; the conversation keeps its state and
 * the bot does not answer; the customer is thanked.
 */
async function acceptRating(
  services: PipelineServices,
  channel: ChannelRow,
  message: InboundMessage,
  conversation: ConversationRow,
  score: number,
  now: Date,
): Promise<{ message: MessageRow; conversation: ConversationRow; duplicate: boolean }> {
  const writer = conversationWriter(services.db);
  const externalId = message.externalId.slice(0, 255);
  const language = await customerLanguage(services, conversation);
  const stored = await writer.inbound({
    teamId: channel.teamId,
    conversationId: conversation.id,
    channelId: channel.id,
    kind: 'interactive',
    text: ratingTitle(score, language),
    attachments: [],
    externalId,
    clientId: null,
    replyToExternalId: message.replyToExternalId ?? null,
    createdAt: now,
  });
  if (!stored)
    return { message: (await writer.inboundByExternalId(channel.id, externalId))!, conversation, duplicate: true };
  const adapter = adapterFor(services, channel);
  await afterCommit(() => acknowledge(services, adapter, message, stored));
  const repo = conversationRepository(services.db, channel.teamId);
  // A tap is the customer writing: on WhatsApp it opens the 24-hour window again.
  const rated =
    (await repo.update(conversation.id, { csatScore: score, csatComment: null, csatAt: now, lastInboundAt: now })) ??
    conversation;
  await messageCreated(services, stored);
  // A paused channel keeps what comes in and says nothing.
  const thanks =
    channel.status === 'active' &&
    (await repo.insertMessage({
      conversationId: conversation.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'bot',
      kind: 'text',
      text: ratingThanks(language),
      status: 'queued',
      createdAt: now,
    }));
  if (thanks) {
    await messageCreated(services, thanks);
    await services.jobs.send(sendJob, { teamId: channel.teamId, messageId: thanks.id, attempt: 1 });
  }
  await conversationChanged(services, channel.teamId, conversation.id, 'rated');
  return { message: stored, conversation: rated, duplicate: false };
}

/**
 * The conversation as the inbox lists it, from the rows a turn holds, when they name all it shows:
 * no assignee (whose name would be read), for its bot the channel's answering one, and not with a
 * person (whose customer's wait is read from the thread). Otherwise undefined, and the listing is read.
 */
function listedFromTurn(
  channel: ChannelRow,
  conversation: ConversationRow,
  contact: ContactRow,
  bot: { id: number; name: string } | undefined,
): { row: ConversationListRow; contact: ContactRow } | undefined {
  if (conversation.assigneeId !== null) return undefined;
  if (conversation.botId !== null && conversation.botId !== bot?.id) return undefined;
  if (conversation.state === 'human') return undefined;
  const names = {
    contactName: contact.name,
    contactPhone: contact.phoneE164,
    channelName: channel.name,
    channelType: channel.type,
    botName: conversation.botId === null ? null : (bot?.name ?? null),
    assigneeName: null,
    waitingSince: conversation.state === 'queued' ? conversation.handoffAt : null,
    waitingFor: conversation.state === 'queued' ? ('first' as const) : null,
  };
  return { row: listedConversation(conversation, names), contact };
}

/** Tells the provider a new message was taken, when its adapter asks to; a failure only goes to the log. */
async function acknowledge(
  services: Pick<PipelineServices, 'logger'>,
  adapter: ChannelAdapter,
  message: InboundMessage,
  stored: MessageRow,
): Promise<void> {
  if (!adapter.acknowledge) return;
  try {
    await adapter.acknowledge(message);
  } catch (error) {
    services.logger.warn({ err: error, messageId: stored.id }, 'an inbound message could not be acknowledged');
  }
}

/** The first key of the advisory locks that keep a thread's deliveries in order ("inbo" in ASCII). */
const threadLockSpace = 0x696e626f;

/**
 * The `channel.inbound` job: what one stored webhook delivery held, applied once, in one
 * transaction (one commit instead of one per statement). Deliveries of different threads run at
 * once (several jobs, several processes); a thread's own take an advisory lock on (channel,
 * thread) and apply every delivery of the thread still waiting up to this one, oldest first, so
 * that a later delivery whose job happened to start first never overtakes an earlier one (whose
 * job then finds it applied). Jobs and broadcasts the messages ask for go out after the commit.
 */
export async function processInbound(
  services: PipelineServices,
  eventId: number,
  /** The event's channel and thread, as the job that stored it sent them (else read). */
  stored?: Pick<ChannelEventRow, 'channelId' | 'thread'>,
  context: Pick<JobContext, 'attempt'> & Partial<Pick<JobContext, 'completion' | 'completed'>> = { attempt: 1 },
): Promise<void> {
  const first = stored ?? (await waitingEvent(services, eventId));
  // A run after one that stopped: that run may have committed the delivery and stopped before
  // queueing the reply (jobs go out after the commit).
  if (!first) return context.attempt > 1 ? replyAfterStop(services, eventId) : undefined;
  const channel = await channelById(services.db, first.channelId);
  if (!channel) return;
  const applied = await services.db.transaction(async (tx) => {
    const inTx = { ...services, db: tx };
    readsCommitted(tx, services.db);
    const log = channelEventLog(tx);
    if (first.thread === null) {
      const event = await log.find(eventId);
      if (event?.status !== 'received') return 0;
      await applyEvent(inTx, channel, event);
      return 1;
    }
    // The job completes with what it applies: by the statement that takes the lock, in this commit.
    const completion = context.completion ? sql`with completed as (${context.completion}) ` : sql``;
    await tx.execute(
      sql`${completion}select pg_advisory_xact_lock(${threadLockSpace}::int, hashtext(${`${channel.id}:${first.thread}`}))`,
    );
    context.completed?.();
    const events = await log.receivedOfThread(channel.id, first.thread, eventId);
    for (const event of events) await applyEvent(inTx, channel, event);
    return events.length;
  });
  if (applied === 0 && context.attempt > 1) await replyAfterStop(services, eventId);
}

/**
 * The reply job of a conversation an earlier run gave a message, queued again. The job is
 * committed with the message now (`countInbound`); this covers messages stored before that, and a
 * reply job lost with the queue's rows. It is queued for the conversation's newest
 * message from the customer (the one a reply answers; the earlier run may have applied later
 * deliveries of the thread too). A second reply job changes nothing: a message is answered once.
 */
async function replyAfterStop(services: PipelineServices, eventId: number): Promise<void> {
  const event = await channelEventLog(services.db).find(eventId);
  if (event?.status !== 'processed' || event.messageId === null) return;
  const [newest] = rowsOf<{ id: number }>(
    await services.db.execute(sql`
      select n.id from messages m
        join messages n on n.conversation_id = m.conversation_id and n.direction = 'inbound'
       where m.team_id = ${event.teamId} and m.id = ${event.messageId}
       order by n.id desc limit 1`),
  );
  if (newest) await services.jobs.send(replyJob, { teamId: event.teamId, messageId: Number(newest.id) });
}

/** A stored delivery no job has applied yet (a replayed one included). */
async function waitingEvent(services: PipelineServices, eventId: number): Promise<ChannelEventRow | undefined> {
  const event = await channelEventLog(services.db).find(eventId);
  return event && event.payload !== null && event.status === 'received' ? event : undefined;
}

/** One stored delivery's messages and statuses, applied; the event log says what came of it. */
async function applyEvent(services: PipelineServices, channel: ChannelRow, event: ChannelEventRow): Promise<void> {
  const log = channelEventLog(services.db);
  const adapter = adapterFor(services, channel);
  const reading = adapter.read({
    method: 'POST',
    headers: {},
    query: {},
    rawBody: Buffer.from(event.payload ?? ''),
    now: event.receivedAt,
  });
  if (!reading.ok) {
    await log.finish(event.id, { status: 'failed', error: Object.values(reading.errors).join(' ') });
    return;
  }
  let lastMessageId: number | null = null;
  let duplicates = 0;
  // A delivery of one message and nothing else (most are) is settled by the statement that counts it.
  const whole = reading.webhook.messages.length === 1 && reading.webhook.statuses.length === 0;
  let settled = false;
  for (const message of reading.webhook.messages) {
    const result = await acceptInbound(services, channel, message, whole ? { settling: event.id } : {});
    lastMessageId = result.message?.id ?? lastMessageId;
    if (result.duplicate) duplicates += 1;
    settled = result.settled === true;
  }
  const writer = conversationWriter(services.db);
  for (const status of reading.webhook.statuses) {
    const moved = await writer.advanceStatus(channel.id, status.externalId, status.status, status.at, status.error);
    if (moved) await messageCreated(services, moved, undefined, 'MessageUpdated');
  }
  if (settled) return;
  const nothing = reading.webhook.messages.length === 0 && reading.webhook.statuses.length === 0;
  await log.settle(event.id, {
    status: nothing ? 'ignored' : 'processed',
    messageId: lastMessageId,
    error: null,
    ...(duplicates > 0 ? { summary: `${event.summary} (already stored: ${duplicates})` } : {}),
  });
}

/** Messages before a reply that the engine reads as the conversation so far. */
export const historyLimit = 30;

/** At most this many messages after an inbound one are read in one go (more: two more reads). */
export const followingLimit = 20;

/** The latest messages a reply turn reads first (`turnReading`): enough for both, in most conversations. */
export const recentLimit = historyLimit + followingLimit;

/**
 * Whether a newer inbound message followed `inbound` (its own reply job answers both) and the
 * bot's reply to `inbound` so far, in one read of what followed it.
 */
export async function followingMessages(
  repo: ReturnType<typeof conversationRepository>,
  conversationId: number,
  inbound: MessageRow,
): Promise<{ newerInbound: boolean; reply: MessageRow | undefined }> {
  const rows = await repo.from(conversationId, inbound.id, followingLimit);
  if (rows.length === followingLimit) {
    const latest = await repo.latestInbound(conversationId);
    return { newerInbound: latest !== undefined && latest.id !== inbound.id, reply: await repo.replyTo(inbound.id) };
  }
  return {
    newerInbound: rows.some((row) => row.direction === 'inbound' && row.id > inbound.id),
    reply: rows.find((row) => row.inReplyToId === inbound.id && row.sender === 'bot'),
  };
}

/**
 * What a reply turn reads of its conversation, from one read of its latest messages where they
 * reach back to `inbound` (else `followingMessages` reads on): whether a newer inbound message
 * followed it, the bot's reply to it begun so far, and `earlier(replyId)`, the history before the
 * reply as `repo.messages` answers it (read only when the latest messages hold too little of it).
 */
export async function turnReading(
  repo: ReturnType<typeof conversationRepository>,
  conversationId: number,
  inbound: MessageRow,
): Promise<{
  newerInbound: boolean;
  reply: MessageRow | undefined;
  earlier(replyId: number): Promise<MessageRow[]>;
}> {
  const recent = await repo.messages(conversationId, { limit: recentLimit });
  const whole = recent.length < recentLimit;
  const followed =
    whole || recent[0].id <= inbound.id
      ? {
          newerInbound: recent.some((row) => row.direction === 'inbound' && row.id > inbound.id),
          reply: recent.find((row) => row.inReplyToId === inbound.id && row.sender === 'bot'),
        }
      : await followingMessages(repo, conversationId, inbound);
  return {
    ...followed,
    earlier: async (replyId) => {
      const before = recent.filter((row) => row.id < replyId);
      return whole || before.length >= historyLimit
        ? before.slice(-historyLimit)
        : repo.messages(conversationId, { limit: historyLimit, beforeId: replyId });
    },
  };
}

/**
 * Whether the customer saw this message from the bot or an agent (not a note, not an event): the
 * rule of the repository's `lastSpoken`, applied to rows already read (a test checks they agree).
 */
export function spokenToCustomer(row: MessageRow): boolean {
  return (
    row.direction === 'outbound' &&
    (row.sender === 'bot' || row.sender === 'agent') &&
    row.kind !== 'note' &&
    row.kind !== 'event'
  );
}

/**
 * The customer's messages one reply answers together: every inbound message since the last one
 * the customer saw from the bot or an agent, up to `inbound`. Found in `earlier` (the history,
 * oldest first) when the last spoken message is in it or the history is the whole conversation;
 * otherwise read.
 */
export async function askedTogether(
  repo: ReturnType<typeof conversationRepository>,
  conversationId: number,
  inbound: MessageRow,
  earlier: MessageRow[],
): Promise<MessageRow[]> {
  const before = earlier.filter((row) => row.id < inbound.id);
  const spoken = before.findLast(spokenToCustomer);
  if (spoken === undefined && earlier.length === historyLimit) {
    const lastSpoken = await repo.lastSpoken(conversationId, inbound.id);
    return repo.inboundAfter(conversationId, lastSpoken?.id ?? 0, inbound.id);
  }
  const after = spoken?.id ?? 0;
  return earlier.filter((row) => row.direction === 'inbound' && row.id > after && row.id <= inbound.id);
}

/** The conversation as the engine reads it: customer turns and what the bot or agents said. */
export function historyOf(rows: MessageRow[]): HistoryMessage[] {
  return rows
    .filter((row) => row.kind !== 'note' && row.sender !== 'system' && row.text.trim() !== '')
    .map((row) =>
      row.sender === 'contact'
        ? { role: 'user' as const, content: row.text }
        : { role: 'assistant' as const, content: row.text, ...(row.ai ? { kind: row.ai.kind } : {}) },
    );
}

/**
 * The `conversation.reply` job: the bot answers the newest inbound message (with the ones the
 * customer sent before it since the last reply), once. A newer message's job answers instead.
 */
export async function replyToMessage(
  services: PipelineServices,
  input: { teamId: number; messageId: number },
  context: Pick<JobContext, 'lastAttempt'> & Partial<Pick<JobContext, 'id' | 'completed'>>,
): Promise<void> {
  const repo = conversationRepository(services.db, input.teamId);
  const turn = await repo.messageInConversation(input.messageId);
  if (!turn) return;
  const { message: inbound, conversation, contact } = turn;
  const channel = await channelById(services.db, conversation.channelId);
  if (!channel || conversation.state !== 'bot') return;
  const answering = await answeringBot(services, channel);
  if (!answering) return;
  const followed = await turnReading(repo, conversation.id, inbound);
  if (followed.newerInbound) return;

  let reply = followed.reply;
  const outgoing = (message: MessageRow): Outgoing => ({
    message,
    threadId: conversation.threadId,
    answeredExternalId: inbound.externalId,
  });
  const firstAttempt = { teamId: input.teamId, attempt: 1 };
  if (reply && reply.status !== 'composing') {
    // A run before this one finished the reply and stopped before its handoff (the conversation is
    // still the bot's): the customer was told a person is coming, so one is asked for now.
    if (reply.ai?.handoff)
      await queueForPerson(services, conversation, reply.ai.handoff, widgetTarget(channel, conversation.threadId));
    // A run before this one finished the reply: its first send, if that did not end, goes now.
    if (reply.status === 'queued' || reply.status === 'sending')
      await deliver(services, channel, outgoing(reply), firstAttempt, { resume: true, job: sentBy(replyJob, context) });
    return;
  }
  // Credits are reserved before the model is asked (once per reply, whatever the retries; its key
  // is the reply's): by the statement that begins the reply, or on its own for a reply a stopped
  // run began. Over the quota or a cap, no model is asked: the fallback goes out and a person takes over.
  const usage = {
    teamId: input.teamId,
    botId: answering.bot.id,
    contactId: conversation.contactId,
    model: plannedModel(services.config, answering.config),
    source: 'channel' as const,
  };
  let reservation: Reservation | undefined;
  if (!reply) {
    const reserving = await replyReservation(services, usage);
    const begun = await repo.beginReply(inbound, reserving.values);
    if (!begun) return;
    reply = begun.message;
    reservation = await reserving.settle(begun.reserved);
  }
  const widget = widgetTarget(channel, conversation.threadId);
  const adapter = adapterFor(services, channel);
  await adapter.typing(conversation.threadId, inbound.externalId ?? undefined).catch(() => undefined);
  if (widget) await widgetTyping(services, widget, { sender: 'bot', typing: true });

  const earlier = await followed.earlier(reply.id);
  const asked = await askedTogether(repo, conversation.id, inbound, earlier);
  const question =
    asked
      .map((row) => row.text)
      .filter(Boolean)
      .join('\n') || inbound.text;
  const askedIds = new Set(asked.map((row) => row.id));
  const history = historyOf(earlier.filter((row) => !askedIds.has(row.id) && row.id !== reply!.id));

  const replyRow = reply;
  let sending = Promise.resolve();
  let result: TurnResult;
  const usageKey = `reply:${replyRow.id}`;
  reservation ??= await reserveReply(services, { ...usage, key: usageKey });
  // "STOP" or "START" on WhatsApp: the bot confirms it, whatever else was asked with it.
  const request = channel.type === 'whatsapp' ? broadcastRequest(inbound.text) : null;
  // A team's automation rule that hands this message to a person: the bot says so instead of answering.
  const ruled = request
    ? undefined
    : await handOffRule(services, { conversation, contact, messages: asked.length > 0 ? asked : [inbound] });
  try {
    if (ruled) {
      result = handoffTurn(
        answering.config,
        'rule',
        `the team's rule “${ruled.name}”`,
        await replyLanguage(answering.config.language, question, history),
      );
    } else if (request) {
      result = confirmedRequest(
        request,
        answering.config.language !== 'auto'
          ? answering.config.language
          : (request.language ?? (await replyLanguage('auto', inbound.text, history)) ?? 'indonesian'),
      );
    }
    // Small talk needs no model, so it is answered over the plan too ("halo" gets the welcome).
    else if (!reservation.ok && !smallTalk(question)) {
      services.logger.info(
        { conversationId: conversation.id, reason: reservation.reason },
        'no AI reply: over the plan',
      );
      result = refusedTurn(
        answering.config,
        reservation,
        await replyLanguage(answering.config.language, question, history),
      );
    } else
      result = await answerTurn(
        services,
        {
          teamId: input.teamId,
          config: answering.config,
          history,
          message: question,
          countHits: true,
          customer: await customerFacts(services, channel, conversation, contact),
        },
        (event) => {
          if (event.type === 'status') return;
          sending = sending.then(() =>
            messageDelta(services, replyRow, { type: event.type, text: event.text }, widget),
          );
        },
      );
  } catch (error) {
    if (!(error instanceof ProviderError) || !context.lastAttempt) throw error;
    // The model server kept failing: the customer still hears something, and a person is asked for.
    services.logger.warn({ err: error, conversationId: conversation.id }, 'the bot could not answer; handing over');
    const language = await replyLanguage(answering.config.language, question, history);
    const said = spokenIn(answering.config, language);
    result = {
      reply: said.fallbackMessage,
      kind: 'fallback',
      citations: [],
      handoff: { reason: 'repeated_fallback', message: said.handoff.message },
      language,
      trace: {
        curated: { used: false },
        retrieved: [],
        provider: { kind: 'error', extractive: false, called: true },
        model: null,
        finishReason: 'error',
        usage: { promptTokens: 0, completionTokens: 0, estimated: true },
        latencyMs: 0,
        costUsd: null,
        handoffDecision: `The model server failed: ${error.message}`,
      },
    };
  }
  await sending;
  if (reservation.ok) await settleReply(services, usageKey, result, reservation);
  const now = new Date();
  const text = spokenReply(result);
  // The reply, claimed for its first send, its conversation's counts and its send's entry in the
  // event log: one statement.
  const { message: finished, conversation: updated } = await repo.finishReply(replyRow.id, conversation.id, {
    text,
    at: now,
    fallback: result.kind === 'fallback',
    log: sendLogEntry(
      channel,
      replyRow,
      conversation.threadId,
      customerText(channel, { sender: 'bot', text }, result.citations),
    ),
    ai: {
      kind: result.kind,
      model: result.trace.model ?? result.trace.provider.kind,
      version: answering.version,
      promptTokens: result.trace.usage.promptTokens,
      completionTokens: result.trace.usage.completionTokens,
      estimated: result.trace.usage.estimated,
      latencyMs: Math.round(result.trace.latencyMs),
      costUsd: result.trace.costUsd,
      citations: result.citations,
      credits: reservation.ok ? spentCredits(result) : 0,
      ...(result.trace.customer ? { customer: result.trace.customer.asked } : {}),
      ...(result.handoff ? { handoff: result.handoff.reason } : {}),
    },
  });
  if (finished) {
    await messageCreated(services, finished, undefined, 'MessageUpdated');
    await emitMessageEvent(services, finished);
  }
  if (widget) await widgetTyping(services, widget, { sender: 'bot', typing: false });
  if (result.handoff) {
    await queueForPerson(services, conversation, result.handoff.reason, widget);
  } else {
    await conversationChanged(
      services,
      input.teamId,
      conversation.id,
      'message',
      undefined,
      updated && listedFromTurn(channel, updated, contact, answering.bot),
    );
  }
  // A fallback, an unsure answer or a handoff leaves a question for the knowledge-gap inbox (not a
  // fallback for want of credits: the knowledge was never asked). Before the send, whose statement
  // completes this job.
  if (reservation.ok) await noteTurn(services, input.teamId, inbound, result);
  // The first attempt goes out from this job (a retry, from a `channel.send` job of its own):
  // finishReply took the reply for it.
  if (finished)
    await deliver(services, channel, outgoing(finished), firstAttempt, {
      resume: false,
      claimed: true,
      job: sentBy(replyJob, context),
    });
  // "Last active" to the minute: a busy bot's row is not written (and every cached read of bots
  // dropped) for each reply.
  if (!recently(answering.bot.lastActiveAt, new Date()))
    await botRepository(services.db, input.teamId).touch(answering.bot.id);
}

/** Whether a message brings a detail its contact lacks (a known contact's details are only filled in, never replaced). */
function fillsIn(
  contact: ContactRow,
  details: Partial<Record<'name' | 'phoneE164' | 'email' | 'externalId' | 'locale', string>>,
): boolean {
  return (Object.keys(details) as Array<keyof typeof details>).some((key) => !!details[key] && !contact[key]);
}

/** Whether a last-seen time is less than a minute old (health and activity fields are shown to the minute). */
function recently(at: Date | null, now: Date): boolean {
  return at !== null && now.getTime() - at.getTime() < 60_000;
}

/**
 * The `channel.send` job: a queued outbound message (an agent's message, a bot reply whose first
 * attempt failed or was left unfinished) goes out through its channel's adapter.
 */
export async function sendMessage(
  services: PipelineServices,
  input: { teamId: number; messageId: number; attempt: number },
  context: Pick<JobContext, 'attempt'> & Partial<Pick<JobContext, 'id' | 'completed'>>,
): Promise<void> {
  const repo = conversationRepository(services.db, input.teamId);
  const sending = await repo.forSending(input.messageId);
  if (!sending?.message) return;
  // A conversation's messages go out in the order they were written: an agent's two quick replies,
  // a goodbye and the rating question after it. While an earlier one is on its way, this send
  // looks again shortly (the job completes; its follow-up keeps the attempt).
  if (
    (sending.message.status === 'queued' || sending.message.status === 'sending') &&
    (await repo.earlierSendPending(sending.message, sendOrder.holdMs))
  ) {
    await services.jobs.send(sendJob, input, { startAfter: new Date(Date.now() + sendOrder.againMs) });
    return;
  }
  const channel = await channelById(services.db, sending.channelId);
  if (!channel) return;
  // 'sending' is a send a killed process left unfinished: a retry of this job sends it again.
  await deliver(services, channel, { ...sending, message: sending.message }, input, {
    resume: context.attempt > 1,
    job: sentBy(sendJob, context),
  });
}

/**
 * A send waits behind an earlier message of its conversation made at most `holdMs` ago (longer, it
 * is stuck, and holds nothing up), looking again every `againMs`.
 */
export const sendOrder = { holdMs: 2 * 60 * 1000, againMs: 1000 } as const;

/** How long the webhook channel's link to a file works: the 24 hours its deliveries are retried, and one more. */
const fileLinkMs = 25 * 60 * 60 * 1000;

/**
 * The stored files of an outbound message (an agent's), read from the private disk when sent; for
 * the webhook channel, with a signed link the customer's server downloads it from.
 */
function outboundFiles(
  services: Pick<PipelineServices, 'config' | 'route'>,
  channel: ChannelRow,
  messageId: number,
  attachments: StoredAttachment[],
): OutboundFile[] {
  const link = (index: number) =>
    channel.type === 'webhook'
      ? {
          url: `${services.config.app.url}${signUrl(
            services.config.app.key,
            services.route('webhooks.custom.file', { key: channel.publicKey, message: messageId, index }),
            new Date(Date.now() + fileLinkMs),
          )}`,
        }
      : {};
  return attachments.flatMap((attachment, index): OutboundFile[] =>
    isTeamMediaPath(attachment.stored, channel.teamId)
      ? [
          {
            ...link(index),
            name: attachment.name || 'file',
            mime: attachment.mime ?? 'application/octet-stream',
            size: attachment.size ?? 0,
            kind: mediaKind(attachment.mime) === 'image' ? 'image' : 'file',
            index,
            read: () => readFile(join(privateDisk(services.config), attachment.stored!)),
          },
        ]
      : [],
  );
}

/**
 * A send's entry in its channel's event log, for every channel but the web widget (whose messages
 * go out over the realtime server): one per message, its attempts appended to it.
 */
function sendLogEntry(
  channel: ChannelRow,
  message: Pick<MessageRow, 'id' | 'sender'>,
  threadId: string,
  text: string,
): OutboundLogEntry | undefined {
  if (channel.type === 'web') return undefined;
  return {
    eventId: outboundEventId(message.id),
    summary: `${message.sender === 'bot' ? 'Bot reply' : 'Agent reply'}: ${text}`.slice(0, 500),
    payload: JSON.stringify({ thread: threadId, text }),
  };
}

/** The job a send runs in, completed by the statement that marks the message sent. */
interface SendingJob {
  name: string;
  id: string;
  completed(): void;
}

/** The running job of `name` as a send completes it, when the caller runs as one. */
function sentBy(name: string, context: Partial<Pick<JobContext, 'id' | 'completed'>>): SendingJob | undefined {
  return context.id && context.completed ? { name, id: context.id, completed: context.completed } : undefined;
}

/**
 * The text the customer is sent. A bot reply's citation markers ("[1]") stay in the web widget,
 * which lists the sources under the reply, and go everywhere else (Telegram, WhatsApp, the webhook
 * channel's receiver), where no list would explain them. The inbox keeps them either way.
 */
function customerText(
  channel: Pick<ChannelRow, 'type'>,
  message: Pick<MessageRow, 'sender' | 'text'>,
  citations: unknown[] = [],
): string {
  if (message.sender !== 'bot' || channel.type === 'web') return message.text;
  return withoutMarkers(message.text, citationMarkers(citations));
}

/** An outbound message with what sending it needs. */
interface Outgoing {
  message: MessageRow;
  threadId: string;
  /** The provider's id of the customer's message it answers (a quoted reply). */
  answeredExternalId: string | null;
}

/**
 * One attempt to send a queued outbound message through its channel's adapter: claimed first (a
 * second worker finds it taken), a retryable failure tried again by a `channel.send` job on the
 * adapter's schedule, every attempt in the channel's event log. `resume` also takes a message a
 * killed process left 'sending'; `claimed` says the caller's row is claimed already (a bot reply,
 * by the statement that finished it).
 */
async function deliver(
  services: PipelineServices,
  channel: ChannelRow,
  outgoing: Outgoing,
  input: { teamId: number; attempt: number },
  options: { resume: boolean; claimed?: boolean; job?: SendingJob },
): Promise<void> {
  const repo = conversationRepository(services.db, input.teamId);
  const message = options.claimed
    ? outgoing.message
    : await repo.claimForSending(outgoing.message.id, options.resume ? ['queued', 'sending'] : ['queued']);
  if (!message) return;
  const files = outboundFiles(services, channel, message.id, message.attachments as StoredAttachment[]);
  const out: OutboundText = {
    threadId: outgoing.threadId,
    text: customerText(channel, message, message.ai?.citations),
    ...(files.length > 0 ? { files } : {}),
    ...(message.template ? { template: message.template } : {}),
    ...(message.choices ? { choices: message.choices } : {}),
    messageId: message.id,
    ...(outgoing.answeredExternalId && channel.type !== 'web'
      ? { replyToExternalId: outgoing.answeredExternalId }
      : {}),
  };
  const log = channelEventLog(services.db);
  // The send's entry in the event log: made with the reply when the caller claimed it (finishReply).
  const logged = sendLogEntry(
    channel,
    message,
    out.threadId,
    out.text || files.map((file) => `📎 ${file.name}`).join(' '),
  );
  if (logged && !options.claimed) await log.outbound({ teamId: channel.teamId, channelId: channel.id, ...logged });
  const started = Date.now();
  const adapter = adapterFor(services, channel);
  try {
    const outcome = await adapter.send(out);
    const now = new Date();
    const sent = await repo.markSent(message.id, {
      at: now,
      externalId: outcome.externalIds[0],
      log: logged && {
        channelId: channel.id,
        eventId: logged.eventId,
        attempt: { at: now.toISOString(), ok: true, detail: 'sent', durationMs: Date.now() - started },
      },
      job: options.job,
    });
    options.job?.completed();
    if (!recently(channel.lastOutboundAt, now)) await markChannel(services.db, channel.id, { lastOutboundAt: now });
    if (sent && channel.type !== 'web') await messageCreated(services, sent, undefined, 'MessageUpdated');
  } catch (error) {
    // Kawan's own failure (the database): the job is retried; nothing internal reaches the message.
    if (!(error instanceof ChannelError)) throw error;
    const failure = error;
    const now = new Date();
    const delay = failure.retryable ? adapter.retryDelayMs(input.attempt) : undefined;
    const updated = await repo.updateMessage(message.id, {
      status: delay === undefined ? 'failed' : 'queued',
      error: { code: failure.code, message: failure.message },
    });
    await markChannel(services.db, channel.id, { lastErrorAt: now, lastError: `Sending failed: ${failure.message}` });
    if (logged) {
      await log.settleOutbound(channel.id, logged.eventId, {
        status: delay === undefined ? 'failed' : 'pending',
        messageId: message.id,
        error: failure.message,
        attempt: { at: now.toISOString(), ok: false, detail: failure.message, durationMs: Date.now() - started },
      });
    }
    if (updated) await messageCreated(services, updated, undefined, 'MessageUpdated');
    if (delay !== undefined) {
      const wait = Math.max(delay, failure.retryAfterMs ?? 0);
      await services.jobs.send(
        sendJob,
        { teamId: input.teamId, messageId: message.id, attempt: input.attempt + 1 },
        { startAfter: new Date(Date.now() + wait) },
      );
    }
  }
}

/** The bot's fixed reply to "STOP" or "START": done, and how to undo it (no model, no credits, small talk in the reports). */
function confirmedRequest(request: BroadcastRequest, language: Language): TurnResult {
  return {
    reply: broadcastConfirmation(request.kind, language),
    kind: 'smalltalk',
    citations: [],
    handoff: null,
    language,
    trace: {
      curated: { used: false },
      retrieved: [],
      provider: { kind: 'opt-out', extractive: false, called: false },
      model: null,
      finishReason: null,
      usage: { promptTokens: 0, completionTokens: 0, estimated: false },
      latencyMs: 0,
      costUsd: 0,
      handoffDecision: `none: the customer asked to ${request.kind} broadcasts`,
    },
  };
}
