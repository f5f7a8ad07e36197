import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { inboxEvent, widgetChannelName } from '../../../server/domain/conversations/events';
import type { ChannelType } from '../../../server/db/schema/channels';

/**
 * "Typing" between the two sides of a conversation: an agent writing a reply
 * (conversations.typing, JSON, 204) is shown to the widget's visitor by first name and to the
 * teammates who have it open; the visitor typing in the widget is shown to the inbox. Nothing is
 * stored; another team's conversation is a 404 and a viewer a 403.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function conversationOn(type: ChannelType, threadId: string) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true, owner: { name: 'Dewi Lestari' } });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const channel = await createChannel(app.services, team.id, {
    type,
    ...(type === 'web' ? { settings: { allowedDomains: ['shop.example.com'] } } : {}),
  });
  const { conversation } = await createConversation(app.services, channel, { text: 'Halo, ada yang bisa bantu?' });
  const repo = conversationRepository(app.services.db, team.id);
  await repo.update(conversation.id, { threadId, state: 'human', assigneeId: owner.id });
  const client = await signedIn(app.app, owner);
  const typing = (body: unknown, as = client) =>
    as.agent
      .post(`/conversations/${conversation.id}/typing`)
      .set({ 'X-XSRF-TOKEN': as.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
      .send(body as object);
  const widgetChannel = `private-${widgetChannelName(channel.publicKey, threadId)}`;
  const sent = (from: number) => app.broadcasts.slice(from);
  return { owner, viewer, channel, conversation, repo, typing, widgetChannel, sent };
}

describe('an agent writing a reply', () => {
  it("shows the widget's visitor their first name, and the teammates who is writing", async () => {
    const { owner, conversation, typing, widgetChannel, sent } = await conversationOn('web', 'visitor-typing-1');
    const from = app.broadcasts.length;
    expect((await typing({ typing: true })).status).toBe(204);
    expect((await typing({ typing: false })).status).toBe(204);
    const toWidget = sent(from).filter((b) => b.channels.includes(widgetChannel));
    expect(toWidget.map((b) => [b.event, b.data])).toEqual([
      ['typing', { sender: 'agent', name: 'Dewi', typing: true }],
      ['typing', { sender: 'agent', name: 'Dewi', typing: false }],
    ]);
    const toTeam = sent(from).filter((b) => b.channels.includes(`private-conversations.${conversation.id}`));
    expect(toTeam.map((b) => [b.event, b.data])).toEqual([
      [inboxEvent('AgentTyping'), { user_id: owner.id, name: 'Dewi Lestari', typing: true }],
      [inboxEvent('AgentTyping'), { user_id: owner.id, name: 'Dewi Lestari', typing: false }],
    ]);
  });

  it('tells the visitor nothing once the conversation is resolved, nor anyone on other channels but the team', async () => {
    const web = await conversationOn('web', 'visitor-typing-2');
    await web.repo.update(web.conversation.id, { state: 'resolved', resolvedAt: new Date() });
    let from = app.broadcasts.length;
    expect((await web.typing({ typing: true })).status).toBe(204);
    expect(web.sent(from).some((b) => b.channels.includes(web.widgetChannel))).toBe(false);
    expect(web.sent(from).map((b) => b.event)).toEqual([inboxEvent('AgentTyping')]);

    const telegram = await conversationOn('telegram', '55501');
    from = app.broadcasts.length;
    expect((await telegram.typing({ typing: true })).status).toBe(204);
    expect(telegram.sent(from).map((b) => b.channels)).toEqual([[`private-conversations.${telegram.conversation.id}`]]);
  });

  it("refuses a body that is not true or false, a viewer, and another team's conversation", async () => {
    const { viewer, typing } = await conversationOn('web', 'visitor-typing-3');
    const wrong = await typing({ typing: 'yes' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ typing: ['The typing field must be true or false.'] });
    expect((await typing({ typing: true }, await signedIn(app.app, viewer))).status).toBe(403);
    const { owner: stranger } = await createOwnedTeam(app.services, { current: true });
    expect((await typing({ typing: true }, await signedIn(app.app, stranger))).status).toBe(404);
  });
});

describe('the visitor typing in the widget', () => {
  it('is heard by the inbox on the conversation’s channel', async () => {
    const { channel, conversation } = await conversationOn('web', 'visitor-typing-5');
    const session = await request(app.app)
      .post(`/widget/${channel.publicKey}/session`)
      .set('Origin', 'https://shop.example.com')
      .send({ visitorId: 'visitor-typing-5' });
    const from = app.broadcasts.length;
    const res = await request(app.app)
      .post(`/widget/${channel.publicKey}/typing`)
      .set({ Origin: 'https://shop.example.com', Authorization: `Bearer ${session.body.token}` })
      .send({ typing: true });
    expect(res.status).toBe(204);
    expect(
      app.broadcasts
        .slice(from)
        .filter((b) => b.channels.includes(`private-conversations.${conversation.id}`))
        .map((b) => [b.event, b.data]),
    ).toEqual([[inboxEvent('ContactTyping'), { typing: true }]]);
  });
});
