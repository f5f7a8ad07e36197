import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { eq } from 'drizzle-orm';
import { contacts } from '../../../server/db/schema/index';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { conversationMentionedType } from '../../../server/domain/conversations/notifications';
import { userChannel } from '../../../server/domain/notifications/channels';

/**
 * "@Name" in an internal note: the named teammates are kept on the note, told on their bells
 * (live), find the conversation under the inbox's Mentions tab and the API's `mentioned` filter;
 * a name picked and then deleted tells nobody, and nobody outside the team can be named.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function team() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true, owner: { name: 'Ayu Lestari' } });
  const agent = await createMember(app.services, team, 'agent', { current: true, name: 'Budi Santoso' });
  const viewer = await createMember(app.services, team, 'viewer', { current: true, name: 'Citra' });
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const { conversation, contact } = await createConversation(app.services, channel, {
    text: 'Pesanan saya belum sampai',
  });
  await app.services.db.update(contacts).set({ name: 'Joko' }).where(eq(contacts.id, contact.id));
  return { owner, agent, viewer, team, conversation, at: `/conversations/${conversation.id}` };
}

const mentionsOf = async (userId: number) =>
  (await notificationRepository(app.services.db, userId).page(1, 20)).rows.filter(
    (notification) => notification.type === conversationMentionedType,
  );

describe('mentioning teammates in a note', () => {
  it('keeps the named teammates on the note and rings their bells live, not the author’s or anyone else’s', async () => {
    const { owner, agent, viewer, conversation, at } = await team();
    const client = await signedIn(app.app, owner);
    const text = '@Budi Santoso tolong cek resi Joko ya, @Ayu Lestari sudah tanya kurir.';
    expectRedirect(await client.send('post', `${at}/notes`, { text, mentions: [agent.id, owner.id] }), at);

    const show = expectPage(await client.visit(at), 'Conversations/Show');
    const note = (show.props.messages as Array<{ kind: string; text: string; mentions: number[] }>).find(
      (message) => message.kind === 'note',
    );
    expect(note).toMatchObject({ text, mentions: [agent.id, owner.id] });
    // Everyone on the team may be named, the viewer too.
    expect(show.props.teammates).toEqual([
      { id: owner.id, name: 'Ayu Lestari' },
      { id: agent.id, name: 'Budi Santoso' },
      { id: viewer.id, name: 'Citra' },
    ]);

    const [notification] = await mentionsOf(agent.id);
    expect(notification.data).toMatchObject({
      message: `Ayu Lestari mentioned you in conversation #${conversation.number} with Joko: “${text}”`,
      url: app.services.route('conversations.show', { conversation: conversation.id }),
      action: 'Open conversation',
      conversation_id: conversation.id,
    });
    expect(
      app.broadcasts.some(
        (sent) => sent.channels.includes(userChannel(agent.id)) && sent.data.type === conversationMentionedType,
      ),
    ).toBe(true);
    // Naming oneself is kept on the note but rings no bell; the viewer was not named.
    expect(await mentionsOf(owner.id)).toEqual([]);
    expect(await mentionsOf(viewer.id)).toEqual([]);
  });

  it("is read once the named teammate opens the conversation, and their other tabs' bells hear it", async () => {
    const { owner, agent, at } = await team();
    const client = await signedIn(app.app, owner);
    expectRedirect(await client.send('post', `${at}/notes`, { text: '@Budi Santoso cek', mentions: [agent.id] }), at);
    // Given to Budi as well: that notification is about this conversation too.
    expectRedirect(await client.send('post', `${at}/assign`, { user_id: agent.id }), at);
    const unread = async () =>
      (await notificationRepository(app.services.db, agent.id).page(1, 20)).rows.filter(
        (notification) => notification.readAt === null,
      );
    expect((await unread()).map((notification) => notification.type).sort()).toEqual([
      'conversation-assigned',
      'conversation-mentioned',
    ]);
    const from = app.broadcasts.length;
    const show = expectPage(await (await signedIn(app.app, agent)).visit(at), 'Conversations/Show');
    expect(await unread()).toEqual([]);
    expect((show.props.notifications as { unread_count: number }).unread_count).toBe(0);
    const read = app.broadcasts
      .slice(from)
      .find((sent) => sent.channels.includes(userChannel(agent.id)) && sent.event.endsWith('NotificationsRead'));
    expect(read?.data).toMatchObject({ unread_count: 0 });
    expect((read?.data as { ids: string[] }).ids).toHaveLength(2);
  });

  it('tells nobody whose name was picked and then deleted from the text', async () => {
    const { owner, agent, viewer, at } = await team();
    const client = await signedIn(app.app, agent);
    expectRedirect(
      await client.send('post', `${at}/notes`, { text: 'Sudah saya cek, aman.', mentions: [owner.id, viewer.id] }),
      at,
    );
    const show = expectPage(await client.visit(at), 'Conversations/Show');
    const note = (show.props.messages as Array<{ kind: string; mentions: number[] }>).find((m) => m.kind === 'note');
    expect(note?.mentions).toEqual([]);
    expect(await mentionsOf(owner.id)).toEqual([]);
    expect(await mentionsOf(viewer.id)).toEqual([]);
  });

  it('refuses to name someone outside the team, and keeps the note unwritten', async () => {
    const { owner, at, conversation, team: ours } = await team();
    const stranger = (await createOwnedTeam(app.services, { current: true, owner: { name: 'Budi Santoso' } })).owner;
    const client = await signedIn(app.app, owner);
    const cases: Array<[unknown, Record<string, string>]> = [
      [[stranger.id], { mentions: 'Only members of this team can be mentioned.' }],
      ['budi', { mentions: 'The mentions must be a list of teammates.' }],
      [['x'], { 'mentions.0': 'Each mention must be a teammate.' }],
      [Array.from({ length: 21 }, (_, i) => i + 1), { mentions: 'A note may mention at most 20 teammates.' }],
    ];
    for (const [mentions, errors] of cases) {
      expectRedirect(
        await client.send('post', `${at}/notes`, { text: '@Budi Santoso cek ya', mentions }, { Referer: at }),
        at,
      );
      expect(expectPage(await client.visit(at), 'Conversations/Show').props.errors).toEqual(errors);
    }
    const notes = (
      await conversationRepository(app.services.db, ours.id).messages(conversation.id, { limit: 20 })
    ).filter((message) => message.kind === 'note');
    expect(notes).toEqual([]);
    expect(await mentionsOf(stranger.id)).toEqual([]);
  });

  it('lists the conversations that name me under Mentions, in the inbox and the API', async () => {
    const { owner, agent, team: ours, conversation, at } = await team();
    const channel = await createChannel(app.services, ours.id, { type: 'web' });
    const other = (await createConversation(app.services, channel, { text: 'Halo' })).conversation;
    const client = await signedIn(app.app, owner);
    expectRedirect(
      await client.send('post', `${at}/notes`, { text: 'Tolong @Budi Santoso', mentions: [agent.id] }),
      at,
    );
    expectRedirect(
      await client.send('post', `/conversations/${other.id}/notes`, { text: 'Catatan biasa, tanpa nama.' }),
      `/conversations/${other.id}`,
    );

    const agentClient = await signedIn(app.app, agent);
    const inbox = expectPage(await agentClient.visit('/conversations?mentioned=me'), 'Conversations/Index');
    expect((inbox.props.conversations as { data: Array<{ id: number }> }).data.map((row) => row.id)).toEqual([
      conversation.id,
    ]);
    expect(inbox.props.filters).toMatchObject({ mentioned: 'me', state: '' });
    const ownerInbox = expectPage(await client.visit('/conversations?mentioned=me'), 'Conversations/Index');
    expect((ownerInbox.props.conversations as { data: unknown[] }).data).toEqual([]);

    const { plainText } = await createApiToken(app.services, agent, { teamId: ours.id, abilities: ['read'] });
    const api = (url: string) =>
      supertest(app.app)
        .get(url)
        .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
    const listed = await api('/api/conversations?mentioned=me');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([conversation.id]);
    expect((await api(`/api/conversations?mentioned=${owner.id}`)).body.data).toEqual([]);
    expect((await api('/api/conversations?mentioned=someone')).status).toBe(422);
    const thread = await api(`/api/conversations/${conversation.id}/messages`);
    expect(thread.body.data.find((m: { kind: string }) => m.kind === 'note')).toMatchObject({
      mentioned_user_ids: [agent.id],
    });
  });
});
