import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';

/**
 * The inbox: a conversation the bot handed over waits for a person; an agent takes it over and
 * replies (sent through the channel), writes a note (never sent), hands it back, resolves and
 * reopens it. Viewers read; another team's conversation is a 404.
 */
const token = '987654321:AAInboxInboxInboxInboxInbox_xyz';
const secret = 'inbox-secret-token';

let app: TestApp;
let telegram: FakeTelegram;

beforeAll(async () => {
  telegram = await startFakeTelegram({ token });
  app = await createTestApp({ env: { TELEGRAM_API_URL: telegram.baseUrl, QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
  await telegram.close();
});

async function queuedConversation() {
  const { team, client, botId, owner } = await cafeBot(app);
  await client.send('post', `/bots/${botId}/publish`, { note: 'v1' });
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    botId,
    secrets: { botToken: token, webhookSecret: secret },
  });
  const chatId = 10_000 + team.id;
  const deliver = (body: string) =>
    request(app.app)
      .post(`/webhooks/telegram/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
      .send(body);
  const res = await deliver(telegramUpdate({ updateId: 1, fromId: chatId, text: 'saya mau bicara dengan manusia' }));
  expect(res.status).toBe(200);
  await app.services.jobs.drain();
  const index = expectPage(await client.visit('/conversations?state=queued'), 'Conversations/Index');
  const [row] = (index.props.conversations as { data: Array<{ id: number; state: string; handoff_reason: string }> })
    .data;
  expect(row).toMatchObject({ state: 'queued', handoff_reason: 'user_request' });
  return { team, client, owner, conversationId: row.id, chatId, deliver };
}

describe('the inbox', () => {
  it('lists waiting conversations with counts, and shows the thread with the handoff summary', async () => {
    const { client, conversationId } = await queuedConversation();
    const index = expectPage(await client.visit('/conversations'), 'Conversations/Index');
    expect(index.props.counts).toMatchObject({ queued: 1, bot: 0, human: 0 });
    const show = expectPage(await client.visit(`/conversations/${conversationId}`), 'Conversations/Show');
    const conversation = show.props.conversation as {
      state: string;
      handoff_summary: string;
      channel: { type: string };
    };
    expect(conversation).toMatchObject({ state: 'queued', channel: { type: 'telegram' } });
    expect(conversation.handoff_summary).toContain('saya mau bicara dengan manusia');
    const messages = show.props.messages as Array<{ sender: string; kind: string }>;
    expect(messages.map((m) => m.sender)).toEqual(['contact', 'bot', 'system']);
    expect(JSON.stringify(show.props)).not.toContain(token);
  });

  it('lets an agent take over and reply through the channel; notes stay inside; hand back, resolve, reopen', async () => {
    const { client, conversationId, chatId, deliver } = await queuedConversation();
    const sentBefore = telegram.sent().length;
    const taken = await client.send('post', `/conversations/${conversationId}/assign`, {
      user_id: (await client.visit('/conversations')).body.props.auth.user.id,
    });
    expect(taken.status).toBe(303);
    const reply = await client.send('post', `/conversations/${conversationId}/messages`, {
      text: 'Halo, saya Dewi dari tim kami.',
    });
    expect(reply.status).toBe(303);
    const note = await client.send('post', `/conversations/${conversationId}/notes`, {
      text: 'Pelanggan lama, beri diskon.',
    });
    expect(note.status).toBe(303);
    await app.services.jobs.drain();
    const sent = telegram.sent().slice(sentBefore) as Array<{ chat_id: number; text: string }>;
    expect(sent.map((m) => [m.chat_id, m.text])).toEqual([[chatId, 'Halo, saya Dewi dari tim kami.']]);

    let show = expectPage(await client.visit(`/conversations/${conversationId}`), 'Conversations/Show');
    expect((show.props.conversation as { state: string }).state).toBe('human');
    const thread = show.props.messages as Array<{ sender: string; kind: string; status: string; text: string }>;
    expect(thread.find((m) => m.kind === 'note')).toMatchObject({
      sender: 'agent',
      text: 'Pelanggan lama, beri diskon.',
    });
    expect(thread.find((m) => m.text === 'Halo, saya Dewi dari tim kami.')).toMatchObject({ status: 'sent' });

    // While a person has it, the bot stays silent.
    const silentBefore = telegram.sent().length;
    await deliver(telegramUpdate({ updateId: 2, fromId: chatId, text: 'terima kasih kak' }));
    await app.services.jobs.drain();
    expect(telegram.sent().length).toBe(silentBefore);
    expect((await client.send('post', `/conversations/${conversationId}/handback`, {})).status).toBe(303);
    show = expectPage(await client.visit(`/conversations/${conversationId}`), 'Conversations/Show');
    expect((show.props.conversation as { state: string }).state).toBe('bot');

    expect((await client.send('post', `/conversations/${conversationId}/resolve`, {})).status).toBe(303);
    show = expectPage(await client.visit(`/conversations/${conversationId}`), 'Conversations/Show');
    expect(show.props.conversation).toMatchObject({ state: 'resolved', resolved_by: 'bot' });
    // An open Conversations/Show hears the change on the conversation's own channel.
    const updated = app.broadcasts.filter(
      (b) =>
        b.event === 'App\\Events\\ConversationUpdated' && b.channels[0] === `private-conversations.${conversationId}`,
    );
    expect(updated.at(-1)?.data).toMatchObject({ conversation: { id: conversationId, state: 'resolved' } });
    expect((await client.send('post', `/conversations/${conversationId}/resolve`, {})).status).toBe(303);
    const twice = (await client.visit(`/conversations/${conversationId}`)).body.props.errors as Record<string, string>;
    expect(twice.state).toMatch(/already resolved/);

    expect((await client.send('post', `/conversations/${conversationId}/reopen`, {})).status).toBe(303);
    show = expectPage(await client.visit(`/conversations/${conversationId}`), 'Conversations/Show');
    expect(show.props.conversation).toMatchObject({ state: 'human', reopen_count: 1 });
  });

  it('records an assignment once: given again to whoever has it, nothing changes', async () => {
    const { client, conversationId } = await queuedConversation();
    const me = (await client.visit('/conversations')).body.props.auth.user.id as number;
    const systemLines = async () => {
      const show = expectPage(await client.visit(`/conversations/${conversationId}`), 'Conversations/Show');
      return (show.props.messages as Array<{ sender: string; text: string }>)
        .filter((m) => m.sender === 'system')
        .map((m) => m.text);
    };
    const before = await systemLines();
    const changed = app.broadcasts.length;
    for (let i = 0; i < 2; i++)
      expect((await client.send('post', `/conversations/${conversationId}/assign`, { user_id: me })).status).toBe(303);
    for (let i = 0; i < 2; i++)
      expect((await client.send('post', `/conversations/${conversationId}/assign`, { user_id: null })).status).toBe(
        303,
      );
    const lines = (await systemLines()).slice(before.length);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/took over\.$/);
    expect(lines[1]).toBe('Unassigned.');
    // Two changes, each told once to the inbox.
    const told = app.broadcasts
      .slice(changed)
      .filter(
        (b) => b.event === 'App\\Events\\ConversationChanged' && (b.data as { action: string }).action === 'assigned',
      );
    expect(told).toHaveLength(2);
  });

  it('refuses an empty reply with a message per field, and assigning someone outside the team', async () => {
    const { client, conversationId } = await queuedConversation();
    const empty = await client.send('post', `/conversations/${conversationId}/messages`, { text: '   ' });
    expect(empty.status).toBe(303);
    const errors = (await client.visit(`/conversations/${conversationId}`)).body.props.errors as Record<string, string>;
    expect(errors.text).toMatch(/required/);
    const stranger = await createOwnedTeam(app.services);
    await client.send('post', `/conversations/${conversationId}/assign`, { user_id: stranger.owner.id });
    const assignErrors = (await client.visit(`/conversations/${conversationId}`)).body.props.errors as Record<
      string,
      string
    >;
    expect(assignErrors.user_id).toMatch(/not a member/);
  });

  it('lets viewers read but not reply, and hides the conversation from another team', async () => {
    const { team, conversationId } = await queuedConversation();
    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    const viewerClient = await signedIn(app.app, viewer);
    const show = expectPage(await viewerClient.visit(`/conversations/${conversationId}`), 'Conversations/Show');
    expect(show.props.can).toEqual({ reply: false, resolve: false, assign: false });
    expect((await viewerClient.send('post', `/conversations/${conversationId}/messages`, { text: 'hi' })).status).toBe(
      403,
    );

    const other = await createOwnedTeam(app.services, { current: true });
    const otherClient = await signedIn(app.app, other.owner);
    expect((await otherClient.visit(`/conversations/${conversationId}`)).status).toBe(404);
    expect((await otherClient.send('post', `/conversations/${conversationId}/resolve`, {})).status).toBe(404);
  });
});
