import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { contactIdentities, contacts, usageEvents } from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';

/**
 * Merging contacts (contacts.merge): the same person on two channels made one contact, the other's
 * identities, conversations and usage moved, its details filling in what the kept one lacks; the
 * contact page lists likely duplicates (same e-mail or phone) and finds others by search; whoever
 * answers conversations may; a viewer may not; another team's contact is a 404 or invalid.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Listed = { id: number; name: string | null; phone: string | null; email: string | null; conversations: number };

async function sameCustomerTwice() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const web = await createChannel(app.services, team.id, { type: 'web' });
  const whatsapp = await createChannel(app.services, team.id, { type: 'whatsapp' });
  const repo = conversationRepository(app.services.db, team.id);
  // Rina left her phone in the widget's pre-chat form; the WhatsApp customer with that number is her.
  const visit = (await createConversation(app.services, web, { text: 'Mau tanya ongkir' })).conversation;
  await repo.setContactDetails(visit.contactId, { name: 'Rina', phoneE164: '+6281234567890' });
  const chat = (await createConversation(app.services, whatsapp, { text: 'Pesanan saya belum sampai' })).conversation;
  await repo.setContactDetails(chat.contactId, {
    name: 'Rina Wulandari',
    phoneE164: '+6281234567890',
    email: 'rina@example.com',
  });
  const other = (await createConversation(app.services, web, { text: 'Halo' })).conversation;
  await repo.setContactDetails(other.contactId, { name: 'Budi', email: 'budi@example.com' });
  return { owner, agent, viewer, team, repo, web: visit, whatsapp: chat, other };
}

describe('merging contacts', () => {
  it('lists the contact with the same phone as a likely duplicate, and finds others by search', async () => {
    const { owner, web, whatsapp, other } = await sameCustomerTwice();
    const client = await signedIn(app.app, owner);
    const page = expectPage(await client.visit(`/contacts/${whatsapp.contactId}`), 'Contacts/Show');
    expect((page.props.duplicates as Listed[]).map((c) => [c.id, c.name])).toEqual([[web.contactId, 'Rina']]);
    // The dialog's search: only on a partial reload that asks for it.
    expect(page.props).not.toHaveProperty('merge_candidates');
    const found = await client.visit(`/contacts/${whatsapp.contactId}?merge_search=budi`, {
      'X-Inertia-Partial-Component': 'Contacts/Show',
      'X-Inertia-Partial-Data': 'merge_candidates',
    });
    expect((expectPage(found, 'Contacts/Show').props.merge_candidates as Listed[]).map((c) => c.id)).toEqual([
      other.contactId,
    ]);
    // Never the contact itself.
    const self = await client.visit(`/contacts/${whatsapp.contactId}?merge_search=wulandari`, {
      'X-Inertia-Partial-Component': 'Contacts/Show',
      'X-Inertia-Partial-Data': 'merge_candidates',
    });
    expect(expectPage(self, 'Contacts/Show').props.merge_candidates).toEqual([]);
  });

  it('moves the other contact’s identities, conversations and usage to the kept one, and fills in its details', async () => {
    const { agent, team, repo, web, whatsapp } = await sameCustomerTwice();
    await app.services.db.insert(usageEvents).values({
      teamId: team.id,
      metric: 'ai_credits',
      idempotencyKey: `merge-test-${web.id}`,
      status: 'committed',
      quantity: 1,
      periodStart: new Date(),
      contactId: web.contactId,
      source: 'channel',
    });
    await app.services.db
      .update(contacts)
      .set({ firstSeenAt: new Date('2026-01-02T00:00:00Z'), locale: 'id' })
      .where(eq(contacts.id, web.contactId));
    const from = app.broadcasts.length;

    const client = await signedIn(app.app, agent);
    // The conversation's card says there is a likely duplicate, before the merge and not after.
    const duplicatesOnCard = async () =>
      (
        expectPage(await client.visit(`/conversations/${whatsapp.id}`), 'Conversations/Show').props.contact as {
          possible_duplicates: number;
        }
      ).possible_duplicates;
    expect(await duplicatesOnCard()).toBe(1);
    const res = await client.send('post', `/contacts/${whatsapp.contactId}/merge`, { contact_id: web.contactId });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/contacts/${whatsapp.contactId}`);
    const page = expectPage(await client.visit(`/contacts/${whatsapp.contactId}`), 'Contacts/Show');
    expect((page as { flash?: { banner?: string } }).flash?.banner).toBe(
      'Merged Rina into this contact (1 conversation moved).',
    );
    expect(page.props.contact).toMatchObject({
      name: 'Rina Wulandari',
      email: 'rina@example.com',
      phone: '+6281234567890',
      locale: 'id',
      conversations: 2,
      first_seen_at: '2026-01-02T00:00:00.000Z',
    });
    expect(
      (page.props.contact as { identities: { channel_type: string }[] }).identities.map((i) => i.channel_type).sort(),
    ).toEqual(['web', 'whatsapp']);
    expect(page.props.duplicates).toEqual([]);
    expect(await duplicatesOnCard()).toBe(0);

    expect(await repo.contact(web.contactId)).toBeUndefined();
    expect((await repo.find(web.id))!.contactId).toBe(whatsapp.contactId);
    const identities = await app.services.db
      .select({ contactId: contactIdentities.contactId })
      .from(contactIdentities)
      .where(eq(contactIdentities.teamId, team.id));
    expect(identities.filter((row) => row.contactId === web.contactId)).toEqual([]);
    const [usage] = await app.services.db
      .select({ contactId: usageEvents.contactId })
      .from(usageEvents)
      .where(eq(usageEvents.idempotencyKey, `merge-test-${web.id}`));
    expect(usage.contactId).toBe(whatsapp.contactId);
    // The inbox hears of both open conversations, now of one contact.
    const changed = app.broadcasts
      .slice(from)
      .filter((b) => b.event === 'App\\Events\\ConversationChanged')
      .map((b) => (b.data as { conversation: { id: number; contact: { name: string } } }).conversation);
    expect(new Set(changed.map((c) => c.id))).toEqual(new Set([web.id, whatsapp.id]));
  });

  it('refuses itself, a contact of another team and a viewer, and keeps a missing contact a 404', async () => {
    const { owner, viewer, web, whatsapp } = await sameCustomerTwice();
    const elsewhere = await sameCustomerTwice();
    const client = await signedIn(app.app, owner);
    const errorsAfter = async (body: Record<string, unknown>) => {
      await client.send('post', `/contacts/${whatsapp.contactId}/merge`, body);
      const page = await client.visit(`/contacts/${whatsapp.contactId}`);
      return (page.body.props.errors as Record<string, Record<string, string>>).mergeContact;
    };
    expect(await errorsAfter({})).toEqual({ contact_id: 'Choose the contact to merge.' });
    expect(await errorsAfter({ contact_id: whatsapp.contactId })).toEqual({
      contact_id: 'A contact cannot be merged with itself.',
    });
    expect(await errorsAfter({ contact_id: elsewhere.web.contactId })).toEqual({
      contact_id: 'The selected contact is invalid.',
    });
    expect(
      (await client.send('post', `/contacts/${elsewhere.whatsapp.contactId}/merge`, { contact_id: web.contactId }))
        .status,
    ).toBe(404);
    const watcher = await signedIn(app.app, viewer);
    expect(
      (await watcher.send('post', `/contacts/${whatsapp.contactId}/merge`, { contact_id: web.contactId })).status,
    ).toBe(403);
    // Nothing moved.
    expect(await conversationRepository(app.services.db, web.teamId).contact(web.contactId)).toBeDefined();
    expect(
      await conversationRepository(app.services.db, elsewhere.team.id).contact(elsewhere.web.contactId),
    ).toBeDefined();
  });
});
