import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import {
  postWhatsAppWebhook,
  startFakeWhatsApp,
  whatsappMessageWebhook,
  type FakeWhatsApp,
  whatsappChannelOn,
} from '../../helpers/fake-whatsapp';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { channelRepository } from '../../../server/db/repositories/channel-repository';

/**
 * A rating asked in the chat on WhatsApp and Telegram when a conversation is resolved (the channel's
 * "Ask for a rating" setting): five choices to tap (a WhatsApp list, Telegram inline buttons); the
 * tap is kept on the conversation that asked, which stays resolved, without a bot reply, and the
 * customer is thanked. Not asked outside WhatsApp's 24-hour window, on a paused channel, or when the
 * setting is off; a tap naming another thread's conversation is an ordinary message.
 */
const appSecret = 'ratings-app-secret';
const token = '555000222:AARatingsRatingsRatingsRatings_r1';
const tgSecret = 'ratings-telegram-secret';

let app: TestApp;
let whatsapp: FakeWhatsApp;
let telegram: FakeTelegram;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  telegram = await startFakeTelegram({ token });
  app = await createTestApp({
    env: { WHATSAPP_GRAPH_URL: whatsapp.url, TELEGRAM_API_URL: telegram.baseUrl, QUEUE_RETRY_DELAY_SECONDS: '0' },
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([whatsapp.close(), telegram.close()]);
});

/** A WhatsApp channel for people only (no bot), its owner signed in, and a way to deliver Meta's webhooks. */
async function whatsappChannel(settings: Record<string, unknown> = { collectCsat: true }) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, whatsappChannelOn(whatsapp, { appSecret, settings }));
  const deliver = async (body: string) => {
    const res = await postWhatsAppWebhook(app.app, channel.publicKey, body, appSecret);
    expect(res.status, res.text).toBe(200);
    await app.services.jobs.drain();
  };
  const say = (from: string, text: string) =>
    deliver(whatsappMessageWebhook({ phoneNumberId: whatsapp.phoneNumberId, from, text }));
  const tap = (from: string, id: string, title: string, wamid?: string) =>
    deliver(
      whatsappMessageWebhook({
        phoneNumberId: whatsapp.phoneNumberId,
        from,
        id: wamid,
        type: 'interactive',
        content: { type: 'list_reply', list_reply: { id, title } },
      }),
    );
  const repo = conversationRepository(app.services.db, team.id);
  const client = await signedIn(app.app, owner);
  const conversationOf = async (from: string) =>
    (await repo.page({}, { page: 1, perPage: 50 })).items.find((item) => item.threadId === from)!;
  const resolve = async (id: number) => {
    expect((await client.send('post', `/conversations/${id}/resolve`)).status).toBe(303);
    await app.services.jobs.drain();
  };
  return { team, channel, say, tap, repo, client, conversationOf, resolve };
}

const sentTo = (to: string) => whatsapp.sent().filter((body) => body.to === to);

describe('a rating asked on WhatsApp', () => {
  it('offers five choices when the conversation is resolved, keeps the tap, stays resolved and thanks the customer', async () => {
    const customer = '6281400000001';
    const { say, tap, repo, conversationOf, resolve } = await whatsappChannel();
    await say(customer, 'Halo, pesanan saya sudah sampai, terima kasih ya kak');
    const conversation = await conversationOf(customer);
    await resolve(conversation.id);

    const [asked] = sentTo(customer);
    expect(asked).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Bagaimana layanan kami di percakapan ini? Pilih nilai dari 1 sampai 5.' },
        action: { button: 'Beri nilai' },
      },
    });
    const rows = (asked.interactive as { action: { sections: Array<{ rows: Array<{ id: string; title: string }> }> } })
      .action.sections[0].rows;
    expect(rows.map((row) => row.id)).toEqual([5, 4, 3, 2, 1].map((score) => `csat:${conversation.id}:${score}`));
    expect(rows[1].title).toBe('⭐⭐⭐⭐ Puas');
    const request = (await repo.messages(conversation.id, { limit: 20 })).find((m) => m.kind === 'interactive')!;
    expect(request).toMatchObject({ sender: 'bot', direction: 'outbound', status: 'sent', ai: null });
    expect(request.choices?.items).toHaveLength(5);

    // The customer taps "Puas" (Meta may deliver it twice).
    const wamid = 'wamid.RATING000000000000000000001';
    await tap(customer, `csat:${conversation.id}:4`, '⭐⭐⭐⭐ Puas', wamid);
    await tap(customer, `csat:${conversation.id}:4`, '⭐⭐⭐⭐ Puas', wamid);
    const rated = (await repo.find(conversation.id))!;
    expect(rated).toMatchObject({ state: 'resolved', csatScore: 4, reopenCount: 0 });
    expect(rated.csatAt).toBeInstanceOf(Date);
    // The tap is the customer writing: the 24-hour window runs from it.
    expect(rated.lastInboundAt?.getTime()).toBe(rated.csatAt!.getTime());
    const thread = await repo.messages(conversation.id, { limit: 20 });
    expect(thread.filter((m) => m.direction === 'inbound').map((m) => [m.kind, m.text])).toEqual([
      ['text', 'Halo, pesanan saya sudah sampai, terima kasih ya kak'],
      ['interactive', '⭐⭐⭐⭐ Puas'],
    ]);
    expect(sentTo(customer).map((body) => (body.text as { body?: string } | undefined)?.body ?? body.type)).toEqual([
      'interactive',
      'Terima kasih atas penilaiannya! 🙏',
    ]);
    // Only one conversation on the thread: the tap opened none.
    expect((await repo.page({}, { page: 1, perPage: 50 })).items.filter((c) => c.threadId === customer)).toHaveLength(
      1,
    );

    // Resolved again after the customer wrote once more: a rated conversation is not asked again.
    await say(customer, 'Oh ya satu lagi, besok buka jam berapa?');
    const again = await conversationOf(customer);
    expect(again.id).toBe(conversation.id);
    await resolve(again.id);
    expect(sentTo(customer).filter((body) => body.type === 'interactive')).toHaveLength(1);
  });

  it('asks in English when the customer writes English', async () => {
    const customer = '6281400000002';
    const { say, conversationOf, resolve } = await whatsappChannel();
    await say(customer, 'Hi, thanks a lot for helping me with my order today');
    await resolve((await conversationOf(customer)).id);
    expect(sentTo(customer)[0]).toMatchObject({
      interactive: { body: { text: 'How did we do in this conversation? Choose a rating from 1 to 5.' } },
    });
  });

  it('does not ask outside the 24-hour window, on a paused channel, or when the channel does not collect ratings', async () => {
    const closed = await whatsappChannel();
    await closed.say('6281400000003', 'Halo kak');
    const old = await closed.conversationOf('6281400000003');
    await closed.repo.update(old.id, { lastInboundAt: new Date(Date.now() - 25 * 3600_000) });
    await closed.resolve(old.id);
    expect(sentTo('6281400000003')).toEqual([]);

    const off = await whatsappChannel({ collectCsat: false });
    await off.say('6281400000004', 'Halo kak');
    await off.resolve((await off.conversationOf('6281400000004')).id);
    expect(sentTo('6281400000004')).toEqual([]);

    const paused = await whatsappChannel();
    await paused.say('6281400000005', 'Halo kak');
    await channelRepository(app.services.db, paused.team.id).update(paused.channel.id, { status: 'paused' });
    await paused.resolve((await paused.conversationOf('6281400000005')).id);
    expect(sentTo('6281400000005')).toEqual([]);
  });

  it('takes a score typed instead of tapped right after the question, and a lone digit anywhere else as a message', async () => {
    const customer = '6281400000008';
    const { say, repo, conversationOf, resolve } = await whatsappChannel();
    await say(customer, 'Halo kak, makasih ya');
    const conversation = await conversationOf(customer);
    await resolve(conversation.id);
    await say(customer, ' 5 ');
    expect((await repo.find(conversation.id))!).toMatchObject({ state: 'resolved', csatScore: 5, reopenCount: 0 });
    expect(sentTo(customer).at(-1)).toMatchObject({ text: { body: 'Terima kasih atas penilaiannya! 🙏' } });

    // Without a question just before it, "3" is a message: it reopens the conversation.
    const other = '6281400000009';
    const off = await whatsappChannel({ collectCsat: false });
    await off.say(other, 'Halo kak');
    const unasked = await off.conversationOf(other);
    await off.resolve(unasked.id);
    await off.say(other, '3');
    expect((await off.repo.find(unasked.id))!).toMatchObject({ csatScore: null, reopenCount: 1 });
  });

  it('takes a tap naming a conversation of another thread as an ordinary message', async () => {
    const { say, tap, repo, conversationOf, resolve } = await whatsappChannel();
    await say('6281400000006', 'Halo kak');
    const first = await conversationOf('6281400000006');
    await resolve(first.id);
    await say('6281400000007', 'Halo juga');
    await tap('6281400000007', `csat:${first.id}:1`, '⭐ Tidak puas');
    expect((await repo.find(first.id))!.csatScore).toBeNull();
    const other = await conversationOf('6281400000007');
    const inbound = (await repo.messages(other.id, { limit: 20 })).filter((m) => m.direction === 'inbound');
    expect(inbound.at(-1)).toMatchObject({ kind: 'interactive', text: '⭐ Tidak puas' });
  });

  it('saves the setting from the channel form', async () => {
    const { channel, client, team } = await whatsappChannel({ collectCsat: false });
    const res = await client.send('put', `/channels/${channel.id}`, {
      type: 'whatsapp',
      name: 'WA',
      bot_id: null,
      phone_number_id: whatsapp.phoneNumberId,
      waba_id: whatsapp.wabaId,
      collect_csat: true,
    });
    expect(res.status).toBe(303);
    expect((await channelRepository(app.services.db, team.id).find(channel.id))!.settings).toMatchObject({
      collectCsat: true,
      phoneNumberId: whatsapp.phoneNumberId,
    });
  });
});

describe('a rating asked on Telegram', () => {
  it('offers the choices as inline buttons and keeps the tapped one, answering the tap', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const channel = await createChannel(app.services, team.id, {
      type: 'telegram',
      settings: { collectCsat: true },
      secrets: { botToken: token, webhookSecret: tgSecret },
    });
    const deliver = async (body: string) => {
      const res = await request(app.app)
        .post(`/webhooks/telegram/${channel.publicKey}`)
        .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': tgSecret })
        .send(body);
      expect(res.status, res.text).toBe(200);
      await app.services.jobs.drain();
    };
    await deliver(telegramUpdate({ updateId: 9101, fromId: 8101, text: 'Makasih kak, sudah beres pesanannya' }));
    const repo = conversationRepository(app.services.db, team.id);
    const [conversation] = (await repo.page({}, { page: 1, perPage: 10 })).items;
    const client = await signedIn(app.app, owner);
    expect((await client.send('post', `/conversations/${conversation.id}/resolve`)).status).toBe(303);
    await app.services.jobs.drain();

    const asked = telegram.callsOf('sendMessage').filter((call) => String(call.params.chat_id) === '8101');
    expect(asked).toHaveLength(1);
    expect(asked[0].params.text).toBe('Bagaimana layanan kami di percakapan ini? Pilih nilai dari 1 sampai 5.');
    expect(asked[0].params.reply_markup).toEqual({
      inline_keyboard: [5, 4, 3, 2, 1].map((score) => [
        { text: expect.stringContaining('⭐'), callback_data: `csat:${conversation.id}:${score}` },
      ]),
    });

    await deliver(
      telegramUpdate({
        updateId: 9102,
        fromId: 8101,
        callbackData: `csat:${conversation.id}:5`,
        callbackId: 'cb-9102',
      }),
    );
    expect((await repo.find(conversation.id))!).toMatchObject({ state: 'resolved', csatScore: 5 });
    expect(
      telegram.callsOf('answerCallbackQuery').filter((call) => call.params.callback_query_id === 'cb-9102'),
    ).toHaveLength(1);
    const inbound = (await repo.messages(conversation.id, { limit: 20 })).filter((m) => m.direction === 'inbound');
    expect(inbound.at(-1)).toMatchObject({ kind: 'interactive', text: '⭐⭐⭐⭐⭐ Sangat puas' });
    const thanked = telegram.callsOf('sendMessage').filter((call) => String(call.params.chat_id) === '8101');
    expect(thanked.at(-1)!.params.text).toBe('Terima kasih atas penilaiannya! 🙏');
  });
});
