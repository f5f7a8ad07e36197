import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import {
  signWhatsApp,
  startFakeWhatsApp,
  whatsappChannelOn,
  whatsappMessageWebhook,
  type FakeWhatsApp,
} from '../../helpers/fake-whatsapp';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { contacts } from '../../../server/db/schema/index';

/**
 * A WhatsApp customer answering "STOP" and later "START": their broadcasts stop and start again,
 * the thread says so, and the bot confirms each in the customer's language with a fixed reply (no
 * model, no credits) instead of answering the word from the knowledge.
 */
const appSecret = 'stop-start-secret';

let app: TestApp;
let whatsapp: FakeWhatsApp;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  app = await createTestApp({ env: { WHATSAPP_GRAPH_URL: whatsapp.url, QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
  await whatsapp.close();
});

describe('STOP and START on WhatsApp', () => {
  it('stops and starts broadcasts, each confirmed by the bot and written in the thread', async () => {
    const { team, botId, client } = await cafeBot(app);
    expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
    const channel = await createChannel(app.services, team.id, {
      ...whatsappChannelOn(whatsapp, { appSecret }),
      botId,
    });
    const customer = '6281288800011';
    const say = async (text: string, id?: string) => {
      const body = whatsappMessageWebhook({
        phoneNumberId: whatsapp.phoneNumberId,
        from: customer,
        text,
        name: 'Rina',
        id,
      });
      const res = await request(app.app)
        .post(`/webhooks/whatsapp/${channel.publicKey}`)
        .set({ 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWhatsApp(body, appSecret) })
        .send(body);
      expect(res.status, res.text).toBe(200);
      await app.services.jobs.drain();
    };
    const told = () =>
      whatsapp
        .sent()
        .filter((body) => body.to === customer && body.type === 'text')
        .map((body) => (body.text as { body: string }).body);
    const repo = conversationRepository(app.services.db, team.id);
    const thread = async () => {
      const [conversation] = (await repo.page({}, { page: 1, perPage: 5 })).items;
      return repo.messages(conversation.id, { limit: 50 });
    };
    const unsubscribedAt = async () => {
      const [conversation] = (await repo.page({}, { page: 1, perPage: 5 })).items;
      const [row] = await app.services.db.select().from(contacts).where(eq(contacts.id, conversation.contactId));
      return row.unsubscribedAt;
    };

    await say('Outlet Kemang buka jam berapa?');
    expect(told().at(-1)).toContain('07.00');

    // "STOP" (delivered twice by Meta): one stop, one confirmation, in Indonesian by default.
    await say('STOP', 'wamid.stop-1');
    await say('STOP', 'wamid.stop-1');
    expect(await unsubscribedAt()).toBeInstanceOf(Date);
    expect(told().slice(1)).toEqual([
      'Baik, Kak. Kami tidak akan mengirim promosi lagi ke nomor ini. Balas START kapan saja untuk menerimanya lagi.',
    ]);

    await say('start');
    expect(await unsubscribedAt()).toBeNull();
    expect(told().at(-1)).toBe(
      'Baik, Kak. Kakak akan menerima info promo dari kami. Balas STOP kapan saja untuk berhenti.',
    );

    // English words get the English confirmation.
    await say('Unsubscribe.');
    expect(await unsubscribedAt()).toBeInstanceOf(Date);
    expect(told().at(-1)).toBe(
      "Done: we won't send promotions to this number any more. Reply START any time to get them again.",
    );

    const messages = await thread();
    expect(messages.filter((m) => m.sender === 'system').map((m) => m.text)).toEqual([
      'Rina asked for no more broadcasts.',
      'Rina asked for broadcasts again.',
      'Rina asked for no more broadcasts.',
    ]);
    // Fixed replies: small talk, no model, no credits.
    const confirmations = messages.filter((m) => m.sender === 'bot').slice(1);
    expect(confirmations.map((m) => [m.ai?.kind, m.ai?.credits])).toEqual([
      ['smalltalk', 0],
      ['smalltalk', 0],
      ['smalltalk', 0],
    ]);
  });
});
