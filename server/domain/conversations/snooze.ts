import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { instantField } from '../shared/instant';
import type { Services } from '../../services';
import { conversations } from '../../db/schema/index';
import { conversationRepository, type ConversationRow } from '../../db/repositories/conversation-repository';
import { channelById } from '../../db/repositories/channel-repository';
import { widgetTarget } from '../../channels/pipeline';
import { ValidationError } from '../../support/errors';
import { validate } from '../shared/validation';
import { authorize, type TeamActor } from '../teams/team-access';
import { conversationContext, conversationPolicy, teammateName } from './conversation-actions';
import { conversationChanged, systemLine } from './events';
import { conversationLink, notifyAbout, notifyWaiting, settleQueued, withContact } from './notifications';

/**
 * Snoozing, as every team inbox has it (Chatwoot's snooze, Intercom's): an agent puts a
 * conversation a person is handling (or one waiting for a person) out of the working tabs until a
 * time, "call me back tomorrow morning", "the refund takes three days". It comes back by itself at
 * that time (the workers' minute sweep: a line in the thread, at the top of the inbox, the bell of
 * whoever has it) or at once when the customer writes again. Resolving it or handing it back to the
 * bot ends the snooze; a snoozed conversation is not resolved for being idle.
 */
export const snoozeLimits = { maxDays: 90 } as const;

/** The bell's notification type for a conversation back from its snooze. */
export const conversationUnsnoozedType = 'conversation-unsnoozed';

type SnoozeServices = Pick<Services, 'db' | 'broadcaster' | 'widgetBroadcaster' | 'route' | 'jobs' | 'config'>;

const snoozeSchema = z.object({
  until: instantField('Choose when the conversation comes back.', 'The snooze time is not a valid date and time.'),
});

/** Whether the conversation is snoozed now (the sweep may not have woken a due one yet). */
export function isSnoozed(conversation: Pick<ConversationRow, 'snoozedUntil'>, now = new Date()): boolean {
  return conversation.snoozedUntil !== null && conversation.snoozedUntil > now;
}

async function snoozable(services: SnoozeServices, actor: TeamActor, conversationId: number) {
  const found = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  return found;
}

/**
 * Snoozes a conversation waiting for or with a person until `until` (in the future, within 90
 * days); snoozing it again moves the time. Its "waiting" notifications are read: the bell rings
 * again when it comes back.
 */
export async function snooze(
  services: SnoozeServices,
  actor: TeamActor,
  conversationId: number,
  input: unknown,
  now = new Date(),
): Promise<ConversationRow> {
  const { repo, conversation, widget } = await snoozable(services, actor, conversationId);
  const { until } = validate(snoozeSchema, input);
  if (until.getTime() <= now.getTime() + 60_000) {
    throw new ValidationError({ until: 'Choose a time at least a minute from now.' });
  }
  if (until.getTime() > now.getTime() + snoozeLimits.maxDays * 24 * 60 * 60 * 1000) {
    throw new ValidationError({ until: `A conversation can be snoozed for up to ${snoozeLimits.maxDays} days.` });
  }
  const moved = await repo.transition(conversation.id, ['queued', 'human'], { snoozedUntil: until });
  if (!moved) {
    throw new ValidationError({
      until:
        conversation.state === 'resolved'
          ? 'A resolved conversation cannot be snoozed.'
          : 'Only a conversation with a person, or waiting for one, can be snoozed: take it over first.',
    });
  }
  await systemLine(services, conversation, `Snoozed by ${await teammateName(services, actor.userId)}.`);
  await conversationChanged(services, actor.teamId, conversation.id, 'snoozed', widget);
  await settleQueued(services, conversation);
  return moved;
}

/** Brings a snoozed conversation back now. */
export async function unsnooze(
  services: SnoozeServices,
  actor: TeamActor,
  conversationId: number,
  now = new Date(),
): Promise<void> {
  const { repo, conversation, widget } = await snoozable(services, actor, conversationId);
  if (!isSnoozed(conversation, now)) throw new ValidationError({ until: 'The conversation is not snoozed.' });
  await repo.update(conversation.id, { snoozedUntil: null });
  await systemLine(services, conversation, `Snooze ended by ${await teammateName(services, actor.userId)}.`);
  await conversationChanged(services, actor.teamId, conversation.id, 'unsnoozed', widget);
}

/**
 * The workers' minute sweep: conversations whose snooze has ended come back. Each is put at the
 * top of the inbox (its last activity now, which also starts its idle clock again), gets a line in
 * the thread, and rings the bell of whoever has it, or of every member who takes conversations
 * when it is waiting for a person. At most `perRun` a run, the longest due first. Returns how many.
 */
export async function wakeSnoozedConversations(
  services: SnoozeServices,
  now = new Date(),
  perRun = 500,
): Promise<number> {
  const due = services.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(isNotNull(conversations.snoozedUntil), lte(conversations.snoozedUntil, now)))
    .orderBy(conversations.snoozedUntil)
    .limit(perRun);
  const woken = await services.db
    .update(conversations)
    .set({ snoozedUntil: null, lastMessageAt: now, updatedAt: now })
    .where(
      and(
        inArray(conversations.id, due),
        // Read again: a customer's message or an agent may have ended it meanwhile.
        lte(conversations.snoozedUntil, now),
      ),
    )
    .returning();
  for (const row of woken) {
    const channel = await channelById(services.db, row.channelId);
    await systemLine(services, row, 'Back from snooze.');
    const widget = channel ? widgetTarget(channel, row.threadId) : undefined;
    await conversationChanged(services, row.teamId, row.id, 'unsnoozed', widget);
    await notifyWoken(services, row);
  }
  return woken.length;
}

/**
 * The bell for a conversation back from its snooze: whoever has it; nobody has it, every member
 * who takes conversations, as a "waiting" notification (read when someone takes it).
 */
async function notifyWoken(services: SnoozeServices, conversation: ConversationRow): Promise<void> {
  const contact = await conversationRepository(services.db, conversation.teamId).contact(conversation.contactId);
  const about = `Conversation #${conversation.number}${withContact(contact?.name)}`;
  if (conversation.assigneeId === null) {
    await notifyWaiting(services, conversation, `${about} is back from snooze and waiting for a person.`);
    return;
  }
  await notifyAbout(services, conversation.assigneeId, conversationUnsnoozedType, {
    message: `${about} is back from snooze.`,
    ...conversationLink(services, conversation),
  });
}
