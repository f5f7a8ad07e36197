/**
 * The `broadcast.send` job: a broadcast whose time has come takes its audience (once) and becomes,
 * recipient by recipient, a template message in each contact's WhatsApp thread, sent by the
 * channel's own send job as an agent's template is.
 *
 * - Once per recipient: a recipient's message and its outcome are written in one transaction, on
 *   the recipient row locked and still pending, so a run again (a killed process, two workers)
 *   never writes a second copy. A message stored whose send job was never queued is found by the
 *   workers' sweep of stranded sends.
 * - Paced: a batch's messages leave before the next batch is written, so the send queue never
 *   holds more than a batch of a broadcast and agents' replies do not wait behind thousands.
 * - A run works for at most `runMs` and queues the next one: no job holds a worker for an hour.
 * - Cancelled, it stops before its next batch; the channel paused, it waits for it.
 * - Each copy is a message of the contact's open conversation on the channel, or of a new one (a
 *   resolved conversation is not reopened: the customer's answer does that, as any message does).
 *   It is sent by the broadcast's author, but is not their reply: reports leave it out.
 */
import type { Services } from '../../services';
import { channelById, channelRepository, type WhatsappTemplateRow } from '../../db/repositories/channel-repository';
import {
  broadcastRepository,
  type BroadcastRecipientRow,
  type BroadcastRow,
} from '../../db/repositories/broadcast-repository';
import { conversationRepository, conversationWriter } from '../../db/repositories/conversation-repository';
import { broadcastRecipients, messages } from '../../db/schema/index';
import { claimWhatsApp } from '../contacts/start-conversation';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { sendJob, widgetTarget } from '../../channels/pipeline';
import { messagePreview } from '../../channels/media';
import { conversationChanged, messageCreated } from '../conversations/events';
import { variableValues } from '../conversations/reply-variables';
import { teamContactFields } from '../contacts/fields';
import { messageLanguage, type ContactFieldShape } from '../contacts/field-values';
import { teammateName } from '../conversations/conversation-actions';
import { broadcastChanged, broadcastJob, fileVariableKeys, filledFor } from './broadcasts';

type SendServices = Pick<Services, 'db' | 'config' | 'jobs' | 'broadcaster' | 'widgetBroadcaster' | 'route' | 'logger'>;

export const broadcastPacing = {
  /** Recipients written at a time. */
  batch: 20,
  /** How long a run works before it hands over to the next. */
  runMs: 50_000,
  /** How long a batch may take to leave before the next is written anyway. */
  leaveMs: 30_000,
  /** How soon a broadcast whose channel is paused looks again. */
  pausedMs: 60_000,
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendBroadcast(
  services: SendServices,
  input: { teamId: number; broadcastId: number },
  /** `lastAttempt`: this run is the job's last (JobContext); a copy that cannot be written is then left out. */
  options: { lastAttempt?: boolean; now?: () => Date } = {},
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const repo = broadcastRepository(services.db, input.teamId);
  let broadcast = await repo.find(input.broadcastId);
  // A repeating broadcast is never sent itself: its days are (repeat.ts).
  if (!broadcast || broadcast.repeat || broadcast.status === 'sent' || broadcast.status === 'cancelled') return;
  if (broadcast.status === 'scheduled') {
    // Early (the job of a time that was changed): the workers' sweep sends it when it is due.
    if (broadcast.scheduledAt > now()) return;
    const begun = await repo.begin(broadcast, now());
    if (!begun) return;
    broadcast = begun;
    await broadcastChanged(services, broadcast);
  }
  const channel = await channelById(services.db, broadcast.channelId);
  if (!channel) return;
  if (channel.status !== 'active') {
    await services.jobs.send(broadcastJob, input, { startAfter: new Date(Date.now() + broadcastPacing.pausedMs) });
    return;
  }
  // A template no longer approved leaves everyone still pending out, with the reason.
  const template =
    (await channelRepository(services.db, input.teamId).approvedTemplate(
      channel.id,
      broadcast.templateName,
      broadcast.templateLanguage,
    )) ?? null;
  const author = broadcast.createdBy === null ? null : await teammateName(services, broadcast.createdBy);
  // The team's own fields a value may name (`{{contact.kota}}`), written in the template's language.
  const fields = await teamContactFields(services.db, broadcast.teamId);
  const started = Date.now();
  for (;;) {
    const batch = await repo.pending(broadcast.id, broadcastPacing.batch);
    if (batch.length === 0) break;
    const written: number[] = [];
    for (const recipient of batch) {
      let messageId: number | undefined;
      try {
        messageId = await sendTo(services, broadcast, channel, template, recipient, { author, fields }, now());
      } catch (error) {
        // A copy that failed on every try of the job is left out with the reason, so that one
        // recipient cannot stop the broadcast for everyone after them (the sweep starts it again).
        if (!options.lastAttempt) throw error;
        // The reason alone: the failed statement's values are the contact's details.
        services.logger.error(
          { broadcast: broadcast.id, recipient: recipient.id, reason: reasonOf(error) },
          'a broadcast copy could not be written',
        );
        await repo.settle(recipient.id, {
          status: 'skipped',
          error: `Kawan could not write this copy: ${reasonOf(error)}`.slice(0, 500),
        });
      }
      if (messageId !== undefined) written.push(messageId);
    }
    await broadcastChanged(services, broadcast);
    await leaving(services, input.teamId, written);
    const current = await repo.find(broadcast.id);
    if (!current || current.status !== 'sending') return;
    if (Date.now() - started >= broadcastPacing.runMs) {
      await services.jobs.send(broadcastJob, input);
      return;
    }
  }
  const finished = await repo.transition(broadcast.id, ['sending'], { status: 'sent', finishedAt: now() });
  if (finished) await broadcastChanged(services, finished);
}

/**
 * One recipient's copy: written with its outcome in one transaction and queued for sending; or the
 * recipient left out with the reason. Returns the message's id (undefined: none written).
 */
async function sendTo(
  services: SendServices,
  broadcast: BroadcastRow,
  channel: NonNullable<Awaited<ReturnType<typeof channelById>>>,
  template: WhatsappTemplateRow | null,
  recipient: BroadcastRecipientRow,
  { author, fields }: { author: string | null; fields: readonly ContactFieldShape[] },
  now: Date,
): Promise<number | undefined> {
  const teamId = broadcast.teamId;
  const done = await services.db.transaction(async (tx) => {
    // Locked and still pending: another run writing this recipient's copy skips it.
    const [locked] = await tx
      .select({ id: broadcastRecipients.id })
      .from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.id, recipient.id), eq(broadcastRecipients.status, 'pending')))
      .for('update', { skipLocked: true });
    if (!locked) return undefined;
    const recipients = broadcastRepository(tx, teamId);
    const skip = async (error: string) => {
      await recipients.settle(recipient.id, { status: 'skipped', error: error.slice(0, 500) });
      return undefined;
    };
    if (!template) return skip(`The template ${broadcast.templateName} is no longer approved on this channel.`);
    const repo = conversationRepository(tx, teamId);
    const contact = await repo.contact(recipient.contactId);
    if (!contact) return skip('The contact was deleted.');
    if (contact.unsubscribedAt) return skip('The contact asked for no more broadcasts.');
    const waId = recipient.phoneE164.replace(/\D/g, '');
    // Their number on WhatsApp is theirs: an identity of another contact is a person to merge first.
    if (!(await claimWhatsApp(tx, teamId, contact, channel.id, waId))) {
      return skip('Another contact has this WhatsApp number: merge the two contacts.');
    }
    const { conversation } = await conversationWriter(tx).conversationFor({
      teamId,
      channelId: channel.id,
      botId: channel.botId,
      contactId: contact.id,
      threadId: waId,
      now,
      reopen: false,
    });
    const result = filledFor(template, broadcast.parameters, {
      ...variableValues(
        { ...contact, phone: contact.phoneE164 },
        author,
        conversation.number,
        fields,
        messageLanguage(broadcast.templateLanguage),
      ),
      ...fileValues(broadcast, contact.id),
    });
    if ('problem' in result) return skip(result.problem);
    const { filled } = result;
    const message = await repo.insertMessage({
      conversationId: conversation.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'agent',
      senderUserId: broadcast.createdBy,
      kind: 'template',
      text: filled.text,
      ...(broadcast.header ? { attachments: [broadcast.header.attachment] } : {}),
      template: {
        name: template.name,
        language: template.language,
        components: filled.components,
        headerMedia: filled.headerMedia,
      },
      broadcastId: broadcast.id,
      status: 'queued',
      createdAt: now,
    });
    if (!message) throw new Error('The broadcast message could not be stored');
    await repo.update(conversation.id, {
      lastMessageAt: now,
      lastPreview: messagePreview({ kind: 'text', text: filled.text, attachments: [] }).slice(0, 255),
    });
    await recipients.settle(recipient.id, { status: 'queued', messageId: message.id });
    await services.jobs.send(sendJob, { teamId, messageId: message.id, attempt: 1 });
    return { message, conversationId: conversation.id, threadId: conversation.threadId };
  });
  if (!done) return undefined;
  await messageCreated(services, { ...done.message, senderName: author });
  await conversationChanged(services, teamId, done.conversationId, 'message', widgetTarget(channel, done.threadId));
  return done.message.id;
}

/**
 * The values a file's row gave its contact for the file's own columns the broadcast names
 * (`file.no_pesanan`): null where their row had none (the value's fallback goes, or they are left out).
 */
function fileValues(broadcast: BroadcastRow, contactId: number): Record<string, string | null> {
  if (broadcast.audience.kind !== 'file') return {};
  const row = broadcast.audience.values?.[String(contactId)] ?? {};
  return Object.fromEntries(fileVariableKeys(broadcast.parameters).map((key) => [`file.${key}`, row[key] ?? null]));
}

/**
 * Waits while the batch's messages are on their first way out (at most `leaveMs`): one waiting for
 * a retry after a failure holds nothing up. Without running workers (jobs drained one after another)
 * nothing would leave meanwhile: no wait.
 */
async function leaving(services: Pick<Services, 'db' | 'jobs'>, teamId: number, ids: number[]): Promise<void> {
  if (ids.length === 0 || !services.jobs.workersRunning) return;
  const until = Date.now() + broadcastPacing.leaveMs;
  while (Date.now() < until) {
    const waiting = await services.db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.teamId, teamId),
          inArray(messages.id, ids),
          or(eq(messages.status, 'sending'), and(eq(messages.status, 'queued'), isNull(messages.error))),
        ),
      )
      .limit(1);
    if (waiting.length === 0) return;
    await sleep(250);
  }
}

/**
 * Broadcasts that should be sending and have no job waiting: a scheduled one whose time came (its
 * job was lost with a stopped process, or the time was met by no job), or one a process stopped in
 * the middle of. The workers run this every minute. Returns how many were queued.
 */
export async function queueDueBroadcasts(services: Pick<Services, 'db' | 'jobs'>, now = new Date()): Promise<number> {
  const due = rowsOf<{ id: number; team_id: number }>(
    await services.db.execute(sql`
      select b.id, b.team_id from broadcasts b
       where ((b.status = 'scheduled' and b.scheduled_at <= ${now}) or b.status = 'sending') and b.repeat is null
         and not exists (
           select 1 from pgboss.job j
            where j.name = ${broadcastJob} and j.state < 'completed'
              and (j.data->>'broadcastId')::int = b.id)
       order by b.id limit 100`),
  );
  for (const row of due) {
    await services.jobs.send(broadcastJob, { teamId: Number(row.team_id), broadcastId: Number(row.id) });
  }
  return due.length;
}

/** What went wrong, in a line: the database's own message rather than the statement that failed (and its values). */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}
