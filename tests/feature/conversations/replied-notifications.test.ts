import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversations, notifications } from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { conversationRepliedType } from '../../../server/domain/conversations/notifications';
import { userChannel } from '../../../server/domain/notifications/channels';

/**
 * A customer writing in a conversation a person has rings that person's bell ("Joko wrote in
 * conversation #3: …"), live, and is e-mailed if it stays unread (here at once): one unread
 * notification a conversation however many messages follow, none while they have the conversation
 * open, none for a conversation the bot or nobody has. Opening the conversation reads it.
 */
const token = '123456789:AArepliedrepliedrepliedreplied_x';
const secret = 'kawan-replied-secret';

let app: TestApp;
let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram({ token });
  app = await createTestApp({
    env: { TELEGRAM_API_URL: telegram.baseUrl, NOTIFICATION_MAIL_DELAY_MINUTES: '0' },
  });
});
afterAll(async () => {
  await app.close();
  await telegram.close();
});

let nextUpdate = 1;
let nextChat = 990001;

async function conversationWithAgent() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true, name: 'Kopi Senja' });
  const agent = await createMember(app.services, team, 'agent', { current: true, name: 'Budi Hartono' });
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    secrets: { botToken: token, webhookSecret: secret },
    settings: { botUsername: 'kopi_bot' },
  });
  const chat = nextChat++;
  const write = async (text: string) => {
    const res = await request(app.app)
      .post(`/webhooks/telegram/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
      .send(telegramUpdate({ updateId: nextUpdate++, fromId: chat, firstName: 'Joko', text }));
    expect(res.status, res.text).toBe(200);
    await app.services.jobs.drain();
  };
  await write('Halo, pesanan saya belum sampai');
  const [conversation] = await app.services.db.select().from(conversations).where(eq(conversations.teamId, team.id));
  const repo = conversationRepository(app.services.db, team.id);
  await repo.update(conversation.id, { state: 'human', assigneeId: agent.id });
  const replied = () =>
    app.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, agent.id), eq(notifications.type, conversationRepliedType)));
  return { owner, agent, team, conversation, repo, write, replied };
}

describe('a customer writing in a conversation a person has', () => {
  it('rings their bell once until it is read, live, and e-mails them', async () => {
    const { owner, agent, conversation, write, replied } = await conversationWithAgent();
    await write('Sudah saya transfer ya kak');
    await write('Ini nomor resinya JNE123');

    const [notice, ...more] = await replied();
    expect(more).toEqual([]);
    expect(notice.data).toMatchObject({
      message: `Joko wrote in conversation #${conversation.number}: “Sudah saya transfer ya kak”`,
      url: `/conversations/${conversation.id}`,
      action: 'Open conversation',
      conversation_id: conversation.id,
    });
    expect(
      app.broadcasts.some(
        (sent) => sent.channels.includes(userChannel(agent.id)) && sent.data.type === conversationRepliedType,
      ),
    ).toBe(true);
    const [mail] = app.mailbox.to(agent.email);
    expect(mail.subject).toBe('[Kopi Senja] A customer wrote in your conversation');
    // The owner, who does not have it, hears nothing.
    expect(
      (await app.services.db.select().from(notifications).where(eq(notifications.userId, owner.id))).filter(
        (row) => row.type === conversationRepliedType,
      ),
    ).toEqual([]);

    // Opening the conversation reads it; the customer's next message rings again.
    expectPage(await (await signedIn(app.app, agent)).visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect((await replied())[0].readAt).not.toBeNull();
    await write('Kak?');
    const rows = await replied();
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.readAt === null)[0].data.message).toBe(
      `Joko wrote in conversation #${conversation.number}: “Kak?”`,
    );
  });

  it('says nothing while they have the conversation open', async () => {
    const { agent, conversation, write, replied } = await conversationWithAgent();
    app.presence.set(`presence-conversations.${conversation.id}`, [String(agent.id)]);
    await write('Sudah saya transfer ya kak');
    expect(await replied()).toEqual([]);
    app.presence.delete(`presence-conversations.${conversation.id}`);
  });

  it('says nothing for a conversation the bot has or nobody has taken', async () => {
    const { conversation, repo, write, replied } = await conversationWithAgent();
    await repo.update(conversation.id, { state: 'queued', assigneeId: null });
    await write('Halo?');
    await repo.update(conversation.id, { state: 'bot' });
    await write('Jam buka?');
    expect(await replied()).toEqual([]);
  });
});
