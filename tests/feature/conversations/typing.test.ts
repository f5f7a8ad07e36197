import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { inboxEvent, widgetChannelName } from '../../../server/domain/conversations/events';
import type { ChannelType } from '../../../server/db/schema/channels';
import { startFakeTelegram, type FakeTelegram } from '../../helpers/fake-telegram';
import { startFakeWhatsApp, type FakeWhatsApp, whatsappChannelOn } from '../../helpers/fake-whatsapp';

/**
 * "Typing" between the two sides of a conversation: an agent writing a reply
 * (conversations.typing, JSON, 204) is shown to the widget's visitor by first name and to the
 * teammates who have it open; the visitor typing in the widget is shown to the inbox. Nothing is
 * stored; another team's conversation is a 404 and a viewer a 403.
 */
const token = '123456789:AAtypingtypingtypingtypingtyping_x';
let app: TestApp;
let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;
beforeAll(async () => {
  telegram = await startFakeTelegram({ token });
  whatsapp = await startFakeWhatsApp();
  app = await createTestApp({ env: { TELEGRAM_API_URL: telegram.baseUrl, WHATSAPP_GRAPH_URL: whatsapp.url } });
});
afterAll(async () => {
  await app.close();
  await Promise.all([telegram.close(), whatsapp.close()]);
});

async function conversationOn(type: ChannelType, threadId: string) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true, owner: { name: 'Dewi Lestari' } });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const options = {
    web: { settings: { allowedDomains: ['shop.example.com'] } },
    telegram: { secrets: { botToken: token, webhookSecret: 'tg-secret' }, settings: { botUsername: 'kopi_bot' } },
    whatsapp: whatsappChannelOn(whatsapp),
  }[type as 'web' | 'telegram' | 'whatsapp'];
  const channel = await createChannel(app.services, team.id, { type, ...options });
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

  it('tells the visitor nothing once the conversation is resolved', async () => {
    const web = await conversationOn('web', 'visitor-typing-2');
    await web.repo.update(web.conversation.id, { state: 'resolved', resolvedAt: new Date() });
    const from = app.broadcasts.length;
    expect((await web.typing({ typing: true })).status).toBe(204);
    expect(web.sent(from).some((b) => b.channels.includes(web.widgetChannel))).toBe(false);
    expect(web.sent(from).map((b) => b.event)).toEqual([inboxEvent('AgentTyping')]);
  });

  it("shows Telegram's chat 'typing…' while the agent writes, and nothing once resolved", async () => {
    const chat = await conversationOn('telegram', '55501');
    const actions = () => telegram.callsOf('sendChatAction').filter((call) => String(call.params.chat_id) === '55501');
    const from = app.broadcasts.length;
    expect((await chat.typing({ typing: true })).status).toBe(204);
    expect(actions().map((call) => call.params.action)).toEqual(['typing']);
    // Stopping has no Telegram call (the chat's "typing…" ends by itself, or with the reply).
    expect((await chat.typing({ typing: false })).status).toBe(204);
    expect(actions()).toHaveLength(1);
    expect(chat.sent(from).every((b) => b.channels.join() === `private-conversations.${chat.conversation.id}`)).toBe(
      true,
    );
    await chat.repo.update(chat.conversation.id, { state: 'resolved', resolvedAt: new Date() });
    expect((await chat.typing({ typing: true })).status).toBe(204);
    expect(actions()).toHaveLength(1);
    // A provider that fails is nobody's concern: the agent's box still gets its 204.
    telegram.blockChat('55501');
    await chat.repo.update(chat.conversation.id, { state: 'human', resolvedAt: null });
    expect((await chat.typing({ typing: true })).status).toBe(204);
    telegram.unblockChat('55501');
  });

  it("marks the WhatsApp customer's last message read with the typing indicator", async () => {
    const wa = await conversationOn('whatsapp', '6281234500001');
    const before = whatsapp.reads().length;
    expect((await wa.typing({ typing: true })).status).toBe(204);
    expect(whatsapp.reads().slice(before)).toEqual([
      expect.objectContaining({
        status: 'read',
        message_id: (await wa.repo.latestInbound(wa.conversation.id))!.externalId,
        typing_indicator: { type: 'text' },
      }),
    ]);
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
