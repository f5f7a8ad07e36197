import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { contactIdentities, contacts } from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { eq } from 'drizzle-orm';

/**
 * Contacts (contacts.index, contacts.show, contacts.update): everyone who wrote to the team, one
 * person across channels, searched by name, e-mail or phone, with their conversations; whoever
 * answers conversations corrects their details (the inbox hears it); viewers read; another team's
 * contact is a 404.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Listed = {
  id: number;
  name: string | null;
  phone: string | null;
  conversations: number;
  open_conversations: number;
  channel_types: string[];
};

async function team() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const web = await createChannel(app.services, team.id, { type: 'web' });
  const telegram = await createChannel(app.services, team.id, { type: 'telegram' });
  const repo = conversationRepository(app.services.db, team.id);
  return { owner, agent, viewer, team, web, telegram, repo };
}

describe('contacts', () => {
  it('lists everyone who wrote, the most recently seen first, with their channels and conversations', async () => {
    const { owner, web, telegram, repo } = await team();
    const rina = (await createConversation(app.services, web, { text: 'Halo' })).conversation;
    const budi = (await createConversation(app.services, telegram, { text: 'Jam buka?' })).conversation;
    await repo.setContactDetails(rina.contactId, { name: 'Rina Wulandari', phoneE164: '+6281234567890' });
    await repo.setContactDetails(budi.contactId, { name: 'Budi', email: 'budi@example.com' });
    // Rina also wrote on Telegram: one person, two identities, two conversations (one resolved).
    await app.services.db.insert(contactIdentities).values({
      teamId: web.teamId,
      contactId: rina.contactId,
      channelType: 'telegram',
      channelId: telegram.id,
      externalUserId: '5550001',
    });
    await repo.update(rina.id, { state: 'resolved', resolvedAt: new Date() });
    const second = (await createConversation(app.services, telegram, { text: 'Lagi' })).conversation;
    await repo.update(second.id, { contactId: rina.contactId });
    await app.services.db
      .update(contacts)
      .set({ lastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(contacts.id, budi.contactId));
    // The contact the second conversation was opened with is left with none: gone.
    await app.services.db.delete(contacts).where(eq(contacts.id, second.contactId));

    const session = await signedIn(app.app, owner);
    const page = expectPage(await session.visit('/contacts'), 'Contacts/Index');
    const listed = (page.props.contacts as { data: Listed[] }).data;
    expect(listed.map((c) => c.name)).toEqual(['Rina Wulandari', 'Budi']);
    expect(listed[0]).toMatchObject({
      phone: '+6281234567890',
      conversations: 2,
      open_conversations: 1,
      channel_types: ['telegram', 'web'],
    });
    expect(listed[1]).toMatchObject({ conversations: 1, open_conversations: 1, channel_types: ['telegram'] });
    expect(page.props).toMatchObject({ filters: { search: '' }, can: { edit: true } });

    // Searched by name, e-mail, or a phone number as people type it.
    const search = async (text: string) =>
      (
        expectPage(await session.visit(`/contacts?search=${encodeURIComponent(text)}`), 'Contacts/Index').props
          .contacts as { data: Listed[] }
      ).data.map((c) => c.name);
    expect(await search('wulan')).toEqual(['Rina Wulandari']);
    expect(await search('budi@')).toEqual(['Budi']);
    expect(await search('0812-3456')).toEqual(['Rina Wulandari']);
    expect(await search('+62 812 3456 7890')).toEqual(['Rina Wulandari']);
    expect(await search('100%_')).toEqual([]);
  });

  it("shows a contact's identities and conversations, and whoever answers corrects their details", async () => {
    const { agent, team: t, web, repo } = await team();
    const { conversation } = await createConversation(app.services, web, { text: 'Halo' });
    const session = await signedIn(app.app, agent);
    const page = expectPage(await session.visit(`/contacts/${conversation.contactId}`), 'Contacts/Show');
    expect(page.props.contact).toMatchObject({ id: conversation.contactId, conversations: 1 });
    expect(
      (page.props.contact as { identities: { channel_type: string; external_user_id: string }[] }).identities,
    ).toEqual([
      expect.objectContaining({
        channel_type: 'web',
        external_user_id: expect.stringMatching(/^visitor [0-9a-f]{8}$/),
      }),
    ]);
    expect(page.props.conversations).toEqual([
      expect.objectContaining({ id: conversation.id, state: 'bot', channel_type: 'web' }),
    ]);

    const before = app.broadcasts.length;
    const saved = await session.send('put', `/contacts/${conversation.contactId}`, {
      name: 'Sari',
      phone: '0812 1111 2222',
      email: '',
    });
    expectRedirect(saved, `/contacts/${conversation.contactId}`);
    expect(await repo.contact(conversation.contactId)).toMatchObject({
      name: 'Sari',
      phoneE164: '+6281211112222',
      email: null,
    });
    // The inbox's row of the open conversation shows the new name at once.
    const changed = app.broadcasts
      .slice(before)
      .find((b) => b.event === 'App\\Events\\ConversationChanged' && b.channels[0] === `private-teams.${t.id}`);
    expect(changed?.data).toMatchObject({
      action: 'contact',
      conversation: { id: conversation.id, contact: { name: 'Sari' } },
    });

    const refused = await session.send(
      'put',
      `/contacts/${conversation.contactId}`,
      { phone: '12', email: 'nope' },
      {
        Referer: `/contacts/${conversation.contactId}`,
        'X-Inertia-Error-Bag': 'updateContact',
      },
    );
    expect(refused.status).toBe(303);
    expect(
      expectPage(await session.visit(`/contacts/${conversation.contactId}`), 'Contacts/Show').props.errors,
    ).toEqual({
      updateContact: {
        phone: 'The phone must be a phone number, such as 0812-3456-7890 or +62 812-3456-7890.',
        email: 'The email field must be a valid email address.',
      },
    });
    expect((await repo.contact(conversation.contactId))?.phoneE164).toBe('+6281211112222');
  });

  it("is read by viewers, who may not change it; another team's contact is a 404", async () => {
    const { viewer, web, repo } = await team();
    const { conversation } = await createConversation(app.services, web);
    const watching = await signedIn(app.app, viewer);
    const page = expectPage(await watching.visit(`/contacts/${conversation.contactId}`), 'Contacts/Show');
    expect(page.props.can).toEqual({ edit: false, delete: false });
    expect((await watching.send('put', `/contacts/${conversation.contactId}`, { name: 'X' })).status).toBe(403);
    const stranger = await signedIn(app.app, (await createOwnedTeam(app.services, { current: true })).owner);
    expect((await stranger.visit(`/contacts/${conversation.contactId}`)).status).toBe(404);
    expect((await stranger.send('put', `/contacts/${conversation.contactId}`, { name: 'X' })).status).toBe(404);
    expect(
      (expectPage(await stranger.visit('/contacts'), 'Contacts/Index').props.contacts as { data: unknown[] }).data,
    ).toEqual([]);
    expect((await repo.contact(conversation.contactId))?.name).toBeNull();
  });

  it('exports the contacts as CSV for a spreadsheet, the search applied, formulas made inert', async () => {
    const { viewer, web, repo } = await team();
    const a = (await createConversation(app.services, web)).conversation;
    const b = (await createConversation(app.services, web)).conversation;
    await repo.setContactDetails(a.contactId, { name: '=HYPERLINK("x")', phoneE164: '+6281234567890' });
    await repo.setContactDetails(b.contactId, { name: 'Budi, Jakarta', email: 'budi@example.com' });
    const session = await signedIn(app.app, viewer);
    const res = await session.agent.get('/contacts/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kawan-contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,name,phone,email,external_id,channels,conversations,open_conversations,first_seen_at,last_seen_at',
    );
    expect(lines.slice(1)).toEqual([
      // A phone keeps its "+" as text (a spreadsheet would take it for a number or a formula).
      expect.stringMatching(new RegExp(`^${a.contactId},"'=HYPERLINK\\(""x""\\)",'\\+6281234567890,,,web,1,1,`)),
      expect.stringMatching(new RegExp(`^${b.contactId},"Budi, Jakarta",,budi@example\\.com,,web,1,1,`)),
    ]);
    const searched = await session.agent.get('/contacts/export?search=budi');
    expect(searched.text.trimEnd().split('\r\n')).toHaveLength(2);
    const stranger = await signedIn(app.app, (await createOwnedTeam(app.services, { current: true })).owner);
    expect(
      (await stranger.agent.get('/contacts/export')).text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});
