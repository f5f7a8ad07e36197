import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { expectPage, signedIn } from '../../helpers/app';
import { appWithFakeTelegram } from '../../helpers/telegram-app';
import { cafeBot } from '../../helpers/bots';
import { telegramUpdate } from '../../helpers/fake-telegram';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { channelEvents, conversations, messages } from '../../../server/db/schema/index';

/**
 * A reply that was not delivered, sent again by whoever answers (conversations.messages.resend):
 * queued as it was and sent once the provider takes it, its attempts in the channel's event log.
 * Only an outbound message that failed, once for two clicks, on WhatsApp outside the 24-hour window
 * only a template; a viewer may not, another team's is a 404.
 */
const token = '987654322:AAResendResendResendResendRes_xyz';
const secret = 'resend-secret-token';

const handles = appWithFakeTelegram(token);

type Thread = Array<{ id: number; text: string; kind: string; sender: string; status: string; error: unknown }>;

/** A Telegram conversation an agent answered while the customer had blocked the bot: the reply failed. */
async function failedReply() {
  const { app, telegram } = handles;
  const { team, client, botId, owner } = await cafeBot(app);
  await client.send('post', `/bots/${botId}/publish`, { note: 'v1' });
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    botId,
    secrets: { botToken: token, webhookSecret: secret },
  });
  const chatId = 20_000 + team.id;
  const res = await request(app.app)
    .post(`/webhooks/telegram/${channel.publicKey}`)
    .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
    .send(telegramUpdate({ updateId: 1, fromId: chatId, text: 'saya mau bicara dengan manusia' }));
  expect(res.status).toBe(200);
  await app.services.jobs.drain();
  const [conversation] = await app.services.db.select().from(conversations).where(eq(conversations.teamId, team.id));
  telegram.blockChat(chatId);
  const sent = await client.send('post', `/conversations/${conversation.id}/messages`, { text: 'Halo, saya Dewi.' });
  expect(sent.status).toBe(303);
  await client.send('post', `/conversations/${conversation.id}/notes`, { text: 'Dia memblokir bot?' });
  await app.services.jobs.drain();
  const thread = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show').props
    .messages as Thread;
  const reply = thread.find((m) => m.text === 'Halo, saya Dewi.')!;
  expect(reply).toMatchObject({ status: 'failed', error: { message: expect.stringMatching(/blocked/) } });
  return { team, owner, client, channel, chatId, conversationId: conversation.id, thread, reply };
}

const resend = (client: Awaited<ReturnType<typeof signedIn>>, conversationId: number, messageId: number) =>
  client.send('post', `/conversations/${conversationId}/messages/${messageId}/resend`, {});

const errorsOf = async (client: Awaited<ReturnType<typeof signedIn>>, conversationId: number) =>
  (await client.visit(`/conversations/${conversationId}`)).body.props.errors as Record<string, string>;

describe('sending a failed message again', () => {
  it('queues it again and sends it once the provider takes it, each attempt logged', async () => {
    const { app, telegram } = handles;
    const { client, channel, chatId, conversationId, reply } = await failedReply();
    telegram.unblockChat(chatId);
    const before = telegram.sent().length;
    const res = await resend(client, conversationId, reply.id);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/conversations/${conversationId}`);
    const [queued] = await app.services.db.select().from(messages).where(eq(messages.id, reply.id));
    expect(queued).toMatchObject({ status: 'queued', error: null });
    const heard = app.broadcasts.filter(
      (b) => b.event === 'App\\Events\\MessageUpdated' && b.channels[0] === `private-conversations.${conversationId}`,
    );
    expect(heard.at(-1)?.data).toMatchObject({
      message: { id: reply.id, status: 'queued', sender_name: expect.any(String) },
    });

    await app.services.jobs.drain();
    const sent = telegram.sent().slice(before) as Array<{ chat_id: number; text: string }>;
    expect(sent.map((m) => [m.chat_id, m.text])).toEqual([[chatId, 'Halo, saya Dewi.']]);
    const thread = expectPage(await client.visit(`/conversations/${conversationId}`), 'Conversations/Show').props
      .messages as Thread;
    expect(thread.find((m) => m.id === reply.id)).toMatchObject({ status: 'sent', error: null });
    const [event] = await app.services.db
      .select()
      .from(channelEvents)
      .where(and(eq(channelEvents.channelId, channel.id), eq(channelEvents.messageId, reply.id)));
    expect(event.status).toBe('delivered');
    expect(event.attempts.map((attempt) => attempt.ok)).toEqual([false, true]);

    // Sent now: not again.
    await resend(client, conversationId, reply.id);
    expect((await errorsOf(client, conversationId)).message).toBe(
      'Only a message that was not delivered can be sent again.',
    );
  });

  it('sends it once when asked twice at the same moment', async () => {
    const { app, telegram } = handles;
    const { client, chatId, conversationId, reply } = await failedReply();
    telegram.unblockChat(chatId);
    const before = telegram.sent().length;
    const answers = await Promise.all([
      resend(client, conversationId, reply.id),
      resend(client, conversationId, reply.id),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    await app.services.jobs.drain();
    expect(telegram.sent().slice(before)).toHaveLength(1);
  });

  it('fails again, saying why, while the provider still refuses', async () => {
    const { app } = handles;
    const { client, conversationId, reply } = await failedReply();
    expect((await resend(client, conversationId, reply.id)).status).toBe(303);
    await app.services.jobs.drain();
    const thread = expectPage(await client.visit(`/conversations/${conversationId}`), 'Conversations/Show').props
      .messages as Thread;
    expect(thread.find((m) => m.id === reply.id)).toMatchObject({
      status: 'failed',
      error: { message: expect.any(String) },
    });
  });

  it('refuses what was never to be delivered: a note, the customer’s message, a line of Kawan', async () => {
    const { client, conversationId, thread } = await failedReply();
    for (const message of [
      thread.find((m) => m.kind === 'note')!,
      thread.find((m) => m.sender === 'contact')!,
      thread.find((m) => m.sender === 'system')!,
    ]) {
      expect((await resend(client, conversationId, message.id)).status).toBe(303);
      expect((await errorsOf(client, conversationId)).message, message.text).toBe(
        'Only a message to the customer can be sent again.',
      );
    }
  });

  it('is not for a viewer, nor for another conversation’s or another team’s message', async () => {
    const { app } = handles;
    const { team, client, channel, conversationId, reply } = await failedReply();
    const viewer = await signedIn(app.app, await createMember(app.services, team, 'viewer', { current: true }));
    expect((await resend(viewer, conversationId, reply.id)).status).toBe(403);
    const other = await createConversation(app.services, channel, { text: 'Halo' });
    expect((await resend(client, other.conversation.id, reply.id)).status).toBe(404);
    const stranger = await createOwnedTeam(app.services, { current: true });
    expect((await resend(await signedIn(app.app, stranger.owner), conversationId, reply.id)).status).toBe(404);
    const [row] = await app.services.db.select().from(messages).where(eq(messages.id, reply.id));
    expect(row.status).toBe('failed');
  });

  it('on WhatsApp after the 24-hour window, sends a template again and not free text', async () => {
    const { app } = handles;
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const whatsapp = await createChannel(app.services, team.id, { type: 'whatsapp' });
    const { conversation } = await createConversation(app.services, whatsapp, { text: 'Halo' });
    await app.services.db
      .update(conversations)
      .set({ lastInboundAt: new Date(Date.now() - 30 * 60 * 60 * 1000) })
      .where(eq(conversations.id, conversation.id));
    const failed = (kind: 'text' | 'template') =>
      app.services.db
        .insert(messages)
        .values({
          teamId: team.id,
          conversationId: conversation.id,
          channelId: whatsapp.id,
          direction: 'outbound',
          sender: 'agent',
          senderUserId: owner.id,
          kind,
          text: kind === 'template' ? 'Halo Budi, pesanan Anda siap.' : 'Halo kak',
          ...(kind === 'template'
            ? { template: { name: 'order_ready', language: 'id', components: [], headerMedia: null } }
            : {}),
          status: 'failed',
          error: { code: 'provider', message: 'Graph API unreachable' },
        })
        .returning()
        .then(([row]) => row);
    const text = await failed('text');
    const template = await failed('template');
    const client = await signedIn(app.app, owner);
    await resend(client, conversation.id, text.id);
    expect((await errorsOf(client, conversation.id)).message).toMatch(/^The 24-hour WhatsApp window is closed/);
    expect((await resend(client, conversation.id, template.id)).status).toBe(303);
    expect((await errorsOf(client, conversation.id)).message).toBeUndefined();
    const rows = await app.services.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(rows.find((m) => m.id === text.id)?.status).toBe('failed');
    expect(rows.find((m) => m.id === template.id)?.status).toBe('queued');
  });
});
