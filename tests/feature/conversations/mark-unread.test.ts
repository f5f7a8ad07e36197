import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';

/**
 * Mark as unread (conversations.unread): someone who opened a conversation and will come back to it
 * puts it back as unread for the team, and is taken to the inbox (staying would read it again). It
 * counts among the inbox's unread until someone opens it. Whoever answers conversations may; a
 * viewer reads; another team's conversation is a 404 (the route walk).
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function opened() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const { conversation } = await createConversation(app.services, channel, { text: 'Ada promo minggu ini?' });
  const client = await signedIn(app.app, owner);
  // Opening it reads it.
  expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
  const repo = conversationRepository(app.services.db, team.id);
  expect((await repo.find(conversation.id))?.unreadCount).toBe(0);
  return { team, conversation, client, repo };
}

const counts = async (client: Awaited<ReturnType<typeof signedIn>>) =>
  (expectPage(await client.visit('/conversations'), 'Conversations/Index').props.counts as { unread: number }).unread;

describe('marking a conversation unread', () => {
  it('puts it back as unread for the team and goes to the inbox, until someone opens it', async () => {
    const { client, conversation, repo } = await opened();
    expect(await counts(client)).toBe(0);
    const res = await client.send('post', `/conversations/${conversation.id}/unread`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/conversations');
    expect((await repo.find(conversation.id))?.unreadCount).toBe(1);
    const inbox = expectPage(await client.visit('/conversations'), 'Conversations/Index');
    expect(inbox.flash).toMatchObject({ banner: 'Marked as unread.' });
    expect((inbox.props.counts as { unread: number }).unread).toBe(1);
    const listed = (inbox.props.conversations as { data: { id: number; unread_count: number }[] }).data;
    expect(listed.find((row) => row.id === conversation.id)?.unread_count).toBe(1);

    // Marked again while unread: its count stays as the customer's messages made it.
    await repo.update(conversation.id, { unreadCount: 3 });
    await client.send('post', `/conversations/${conversation.id}/unread`);
    expect((await repo.find(conversation.id))?.unreadCount).toBe(3);

    expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect((await repo.find(conversation.id))?.unreadCount).toBe(0);
  });

  it('is for whoever answers conversations: a viewer is refused, an agent may', async () => {
    const { team, conversation, repo } = await opened();
    const viewer = await signedIn(app.app, await createMember(app.services, team, 'viewer', { current: true }));
    expect((await viewer.send('post', `/conversations/${conversation.id}/unread`)).status).toBe(403);
    expect((await repo.find(conversation.id))?.unreadCount).toBe(0);
    const agent = await signedIn(app.app, await createMember(app.services, team, 'agent', { current: true }));
    expect((await agent.send('post', `/conversations/${conversation.id}/unread`)).status).toBe(303);
    expect((await repo.find(conversation.id))?.unreadCount).toBe(1);
  });
});
