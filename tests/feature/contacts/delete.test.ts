import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import {
  channelEvents,
  contactIdentities,
  contactNotes,
  contacts,
  conversations,
  messages,
  notifications,
  usageEvents,
} from '../../../server/db/schema/index';
import { conversationWriter } from '../../../server/db/repositories/conversation-repository';

/**
 * A contact erased (contacts.destroy): the contact, their identities, conversations, messages and
 * notes, the channels' log of their deliveries and the bells about their conversations; the bill's
 * usage keeps its count without them. An owner or an admin; another team's contact is a 404.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A team's contact with two conversations and all that hangs on them, and another contact beside. */
async function contactWithHistory() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const first = await createConversation(app.services, channel, { text: 'Nama saya Budi, alamat Jl. Melati 5' });
  const contactId = first.contact.id;
  const writer = conversationWriter(app.services.db);
  const { conversation: second } = await writer.conversationFor({
    teamId: team.id,
    channelId: channel.id,
    botId: channel.botId,
    contactId,
    threadId: 'budi-2',
    now: new Date(),
  });
  const [reply] = await app.services.db
    .insert(messages)
    .values({
      teamId: team.id,
      conversationId: second.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'agent',
      text: 'Baik Pak Budi',
      status: 'sent',
    })
    .returning();
  // The log: the first delivery, processed into its message; a send of the reply; a delivery of
  // the second thread not processed yet.
  await app.services.db
    .update(channelEvents)
    .set({ messageId: first.message.id })
    .where(eq(channelEvents.id, first.event.id));
  await app.services.db.insert(channelEvents).values([
    {
      teamId: team.id,
      channelId: channel.id,
      direction: 'outbound',
      eventId: `out:${reply.id}`,
      signature: 'none',
      status: 'delivered',
      messageId: reply.id,
    },
    {
      teamId: team.id,
      channelId: channel.id,
      direction: 'inbound',
      eventId: 'late-1',
      signature: 'valid',
      status: 'received',
      thread: 'budi-2',
    },
  ]);
  await app.services.db
    .insert(contactNotes)
    .values({ teamId: team.id, contactId, userId: owner.id, text: 'Pelanggan lama' });
  await app.services.db.insert(notifications).values({
    id: randomUUID(),
    userId: owner.id,
    type: 'conversation-mentioned',
    data: { conversation_id: first.conversation.id, contact_name: 'Budi' },
  });
  await app.services.db.insert(usageEvents).values({
    teamId: team.id,
    metric: 'ai_credits',
    idempotencyKey: `reply:${randomUUID()}`,
    status: 'committed',
    quantity: 1,
    periodStart: new Date(),
    contactId,
    source: 'reply',
  });
  const other = await createConversation(app.services, channel, { text: 'Saya Siti' });
  return { owner, team, channel, contactId, conversationIds: [first.conversation.id, second.id], other };
}

const contactsLeft = async (ids: number[]) =>
  (await app.services.db.select().from(contacts).where(inArray(contacts.id, ids))).length;
const conversationsLeft = async (ids: number[]) =>
  (await app.services.db.select().from(conversations).where(inArray(conversations.id, ids))).length;

describe('deleting a contact', () => {
  it('erases the person and everything of theirs, and keeps the other contact whole', async () => {
    const { owner, team, contactId, conversationIds, other } = await contactWithHistory();
    const client = await signedIn(app.app, owner);
    const res = await client.send('delete', `/contacts/${contactId}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/contacts');
    const page = expectPage(await client.visit('/contacts'), 'Contacts/Index');
    expect(page.flash).toEqual({
      banner: 'The contact was deleted, with their 2 conversations.',
      bannerStyle: 'success',
    });

    expect(await contactsLeft([contactId])).toBe(0);
    expect(await conversationsLeft(conversationIds)).toBe(0);
    const left = async <T>(rows: Promise<T[]>) => (await rows).length;
    expect(
      await left(app.services.db.select().from(messages).where(inArray(messages.conversationId, conversationIds))),
    ).toBe(0);
    expect(
      await left(app.services.db.select().from(contactIdentities).where(eq(contactIdentities.contactId, contactId))),
    ).toBe(0);
    expect(await left(app.services.db.select().from(contactNotes).where(eq(contactNotes.contactId, contactId)))).toBe(
      0,
    );
    expect(await left(app.services.db.select().from(notifications).where(eq(notifications.userId, owner.id)))).toBe(0);
    const events = await app.services.db.select().from(channelEvents).where(eq(channelEvents.teamId, team.id));
    expect(events.map((event) => event.eventId)).toEqual([other.event.eventId]);
    const [usage] = await app.services.db.select().from(usageEvents).where(eq(usageEvents.teamId, team.id));
    expect(usage).toMatchObject({ contactId: null, quantity: 1 });

    expect(await contactsLeft([other.contact.id])).toBe(1);
    expect(await conversationsLeft([other.conversation.id])).toBe(1);
    expect((await client.visit(`/contacts/${contactId}`)).status).toBe(404);
  });

  it('is for an owner or an admin; an agent and a viewer may not, another team gets a 404', async () => {
    const { team, contactId } = await contactWithHistory();
    for (const role of ['agent', 'viewer'] as const) {
      const member = await signedIn(app.app, await createMember(app.services, team, role, { current: true }));
      expect((await member.send('delete', `/contacts/${contactId}`)).status, role).toBe(403);
      const show = expectPage(await member.visit(`/contacts/${contactId}`), 'Contacts/Show');
      expect((show.props.can as { delete: boolean }).delete).toBe(false);
    }
    const stranger = await createOwnedTeam(app.services, { current: true });
    expect((await (await signedIn(app.app, stranger.owner)).send('delete', `/contacts/${contactId}`)).status).toBe(404);
    expect(await contactsLeft([contactId])).toBe(1);

    const admin = await signedIn(app.app, await createMember(app.services, team, 'admin', { current: true }));
    expect(
      (expectPage(await admin.visit(`/contacts/${contactId}`), 'Contacts/Show').props.can as { delete: boolean })
        .delete,
    ).toBe(true);
    expect((await admin.send('delete', `/contacts/${contactId}`)).status).toBe(303);
    expect(await contactsLeft([contactId])).toBe(0);
  });
});
