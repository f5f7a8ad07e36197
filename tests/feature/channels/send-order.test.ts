import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../helpers/app';
import { appWithFakeTelegram } from '../../helpers/telegram-app';
import { createChannel, createConversation } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';
import { messages } from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { sendJob, sendMessage, sendOrder } from '../../../server/channels/pipeline';

/**
 * A conversation's outbound messages reach the customer in the order they were written, although
 * send jobs run several at once: a send waits while an earlier message of its conversation is on its
 * first way out, and looks again shortly. An earlier one that failed and waits for its retry, or that
 * has been stuck for longer than `sendOrder.holdMs`, holds nothing up.
 */
const token = '123456789:AAExampleExampleExampleExample_ord';

const handles = appWithFakeTelegram(token);

let nextChat = 880001;

async function conversationOnTelegram() {
  const { app, telegram } = handles;
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    secrets: { botToken: token, webhookSecret: 'tg-secret' },
    settings: { botUsername: 'kopi_bot' },
  });
  const { conversation } = await createConversation(app.services, channel, { text: 'Pesanan saya belum sampai' });
  const chat = nextChat++;
  const repo = conversationRepository(app.services.db, team.id);
  await repo.update(conversation.id, { threadId: String(chat), state: 'human', assigneeId: owner.id });
  const client = await signedIn(app.app, owner);
  const reply = async (text: string) => {
    expect((await client.send('post', `/conversations/${conversation.id}/messages`, { text })).status).toBe(303);
    const [row] = await app.services.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), eq(messages.text, text)));
    return row;
  };
  const send = (messageId: number, attempt = 1) =>
    sendMessage(app.services, { teamId: team.id, messageId, attempt }, { attempt });
  const texts = () =>
    telegram
      .sent()
      .filter((message) => message.chat_id === chat)
      .map((message) => message.text);
  return { app, telegram, team, conversation, repo, reply, send, texts };
}

const sendJobsFor = async (messageId: number) => {
  const { rows } = await handles.app.services.database.execute(
    `select start_after from pgboss.job where name = $1 and state = 'created' and (data->>'messageId')::int = $2`,
    [sendJob, messageId],
  );
  return rows as { start_after: string | Date }[];
};

describe('the order of a conversation’s messages', () => {
  it('keeps a later reply back while an earlier one is on its way, then sends it after', async () => {
    const { repo, reply, send, texts } = await conversationOnTelegram();
    const first = await reply('Halo Kak, saya cek dulu ya');
    const second = await reply('Pesanannya sudah dikirim kemarin sore');
    // The first is being sent (its job claimed it) when the second's job runs.
    await repo.updateMessage(first.id, { status: 'sending' });
    const before = Date.now();
    await send(second.id);
    expect(texts()).toEqual([]);
    expect((await repo.message(second.id))?.status).toBe('queued');
    // Its job looks again shortly.
    const again = (await sendJobsFor(second.id)).map((job) => new Date(job.start_after).getTime());
    expect(again.some((at) => at >= before + sendOrder.againMs - 50)).toBe(true);

    // The first goes out (its job resumed), then the second's next look sends it.
    await send(first.id, 2);
    await send(second.id);
    expect(texts()).toEqual(['Halo Kak, saya cek dulu ya', 'Pesanannya sudah dikirim kemarin sore']);
  });

  it('sends two quick replies in order when their jobs run at once and the first is slow to arrive', async () => {
    const { app, telegram, reply, texts } = await conversationOnTelegram();
    telegram.slowNext({ method: 'sendMessage', delayMs: 400 });
    await reply('Halo Kak, saya cek dulu ya');
    await reply('Pesanannya sudah dikirim kemarin sore');
    await app.services.jobs.work({ recoverAbandoned: false });
    try {
      await expect.poll(texts, { timeout: 10_000, interval: 100 }).toHaveLength(2);
    } finally {
      await app.services.jobs.stop();
    }
    expect(texts()).toEqual(['Halo Kak, saya cek dulu ya', 'Pesanannya sudah dikirim kemarin sore']);
  });

  it('is not held up by an earlier message waiting for a retry after a failure, nor by one stuck for long', async () => {
    const { app, telegram, repo, reply, send, texts } = await conversationOnTelegram();
    const failed = await reply('Halo Kak');
    telegram.failNext({ status: 429, description: 'Too Many Requests: retry after 30', retryAfter: 30 });
    await send(failed.id);
    expect((await repo.message(failed.id))?.status).toBe('queued');
    const next = await reply('Pesanannya sudah dikirim');
    await send(next.id);
    expect(texts()).toEqual(['Pesanannya sudah dikirim']);

    const stuck = await reply('Satu lagi');
    await repo.updateMessage(stuck.id, { status: 'sending' });
    await app.services.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - sendOrder.holdMs - 1000) })
      .where(eq(messages.id, stuck.id));
    const last = await reply('Terima kasih');
    await send(last.id);
    expect(texts()).toEqual(['Pesanannya sudah dikirim', 'Terima kasih']);
  });
});
