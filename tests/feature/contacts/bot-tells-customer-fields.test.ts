import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import {
  signWhatsApp,
  startFakeWhatsApp,
  whatsappMessageWebhook,
  type FakeWhatsApp,
} from '../../helpers/fake-whatsapp';
import { startFakeChatServer, type FakeChatServer } from '../../helpers/fake-chat-server';
import { createChannel } from '../../factories/channels';
import { createApiToken } from '../../factories/api-tokens';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { contacts } from '../../../server/db/schema/index';
import type { SessionResponse } from '../../../server/channels/web/protocol';

/**
 * A bot telling a customer their own contact fields ("berapa poin saya?"): a field is told only
 * when the team lets bots use it, only to a customer the channel vouches for (a WhatsApp number, a
 * website user the host page signed in; not an anonymous visitor), answered from the record without
 * a model when that is all they asked, and given to the model as a passage when they asked more.
 * The thread and the API say which of the contact's details a reply used.
 */
const appSecret = 'kawan-test-app-secret';
const identitySecret = 'identity-secret-for-fields';
const site = 'https://shop.example.com';

let app: TestApp;
let whatsapp: FakeWhatsApp;
let model: FakeChatServer;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  model = await startFakeChatServer();
  app = await createTestApp({
    env: {
      WHATSAPP_GRAPH_URL: whatsapp.url,
      AI_BASE_URL: model.baseUrl,
      AI_CHAT_MODEL: 'fake-model',
      QUEUE_RETRY_DELAY_SECONDS: '0',
    },
  });
});
afterAll(async () => {
  await app.close();
  await whatsapp.close();
  await model.close();
});

/** The café's bot, published, with Poin (bots may tell it) and Kota (they may not). */
async function cafeWithFields() {
  const bot = await cafeBot(app);
  expect((await bot.client.send('post', `/bots/${bot.botId}/publish`, { note: 'v1' })).status).toBe(303);
  for (const field of [
    { label: 'Poin', type: 'number', bot_readable: true },
    { label: 'Kota', type: 'text' },
  ])
    expect((await bot.client.send('post', '/contacts/fields', field)).status).toBe(303);
  const conversations = conversationRepository(app.services.db, bot.team.id);
  /** Sets a contact's values as an agent or an import would have. */
  const fill = (contactId: number) =>
    app.services.db
      .update(contacts)
      .set({ attributes: { poin: 1250, kota: 'Bandung' } })
      .where(eq(contacts.id, contactId));
  /** The bot's replies in a thread, oldest first. */
  const botReplies = async (threadId: string) => {
    const [conversation] = (await conversations.page({}, { page: 1, perPage: 50 })).items.filter(
      (item) => item.threadId === threadId,
    );
    return (await conversations.messages(conversation.id, { limit: 50 })).filter((m) => m.sender === 'bot');
  };
  return { ...bot, conversations, fill, botReplies };
}

describe('which fields bots may tell', () => {
  it('is off unless the team says so, kept on the field and changed with it', async () => {
    const { client } = await cafeWithFields();
    const page = expectPage(await client.visit('/contacts/fields'), 'Contacts/Fields');
    const fields = page.props.fields as Array<{ id: number; label: string; bot_readable: boolean }>;
    expect(fields.map((field) => [field.label, field.bot_readable])).toEqual([
      ['Poin', true],
      ['Kota', false],
    ]);
    const kota = fields[1];
    expect(
      (await client.send('put', `/contacts/fields/${kota.id}`, { label: 'Kota', bot_readable: true })).status,
    ).toBe(303);
    expect(
      (await client.send('put', `/contacts/fields/${kota.id}`, { label: 'Kota', bot_readable: 'maybe' })).status,
    ).toBe(303);
    const after = expectPage(await client.visit('/contacts/fields'), 'Contacts/Fields');
    expect((after.props.errors as Record<string, Record<string, string>>).updateContactField).toEqual({
      bot_readable: 'The bot readable field must be true or false.',
    });
    expect((after.props.fields as typeof fields).map((field) => field.bot_readable)).toEqual([true, true]);
  });
});

describe('the test chat as a customer', () => {
  it("speaks as a customer with values of the fields bots may tell, read as a contact's are", async () => {
    const { client, botId } = await cafeWithFields();
    const show = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show');
    expect(show.props.customer_fields).toEqual([{ key: 'poin', label: 'Poin', type: 'number', options: [] }]);
    const chat = (body: Record<string, unknown>) =>
      client.agent
        .post(`/bots/${botId}/chat`)
        .set({ 'X-XSRF-TOKEN': client.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
        .send(body);

    const told = await chat({ message: 'poin saya berapa?', customer: { poin: '1.250', kota: 'Bandung' } });
    expect(told.status, told.text).toBe(200);
    expect(told.body.turn).toMatchObject({ kind: 'answer', reply: 'Menurut catatan kami, Poin Anda 1.250.' });
    expect(told.body.turn.trace.customer).toEqual({ asked: ['Poin'], used: 'record' });

    // Kota is not the bots' to tell, even in a test.
    const untold = await chat({ message: 'kota saya apa?', customer: { poin: '', kota: 'Bandung' } });
    expect(untold.body.turn.kind).toBe('fallback');

    const bad = await chat({ message: 'poin saya berapa?', customer: { poin: 'banyak' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['customer.poin']);
    expect((await chat({ message: 'poin saya berapa?', customer: 'poin=1' })).status).toBe(422);
  });
});

describe('a WhatsApp customer asking about themselves', () => {
  it('is told their points from the record, without a model; a field bots may not tell stays untold', async () => {
    const { team, botId, fill, botReplies, client } = await cafeWithFields();
    const channel = await createChannel(app.services, team.id, {
      type: 'whatsapp',
      botId,
      settings: { phoneNumberId: whatsapp.phoneNumberId, wabaId: whatsapp.wabaId },
      secrets: { accessToken: whatsapp.accessToken, appSecret, verifyToken: 'verify' },
    });
    const customer = '6281277700011';
    const deliver = async (text: string) => {
      const body = whatsappMessageWebhook({
        phoneNumberId: whatsapp.phoneNumberId,
        from: customer,
        text,
        name: 'Rina',
      });
      const res = await request(app.app)
        .post(`/webhooks/whatsapp/${channel.publicKey}`)
        .set({ 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWhatsApp(body, appSecret) })
        .send(body);
      expect(res.status, res.text).toBe(200);
      await app.services.jobs.drain();
    };
    await deliver('Halo kak');
    const [conversation] = (await conversationRepository(app.services.db, team.id).page({}, { page: 1, perPage: 5 }))
      .items;
    await fill(conversation.contactId);

    const asked = model.chatBodies().length;
    await deliver('poin saya berapa kak?');
    let replies = await botReplies(customer);
    expect(replies.at(-1)).toMatchObject({ text: 'Menurut catatan kami, Poin Anda 1.250.', status: 'sent' });
    expect(replies.at(-1)!.ai).toMatchObject({ kind: 'answer', customer: ['Poin'], promptTokens: 0 });
    expect(model.chatBodies()).toHaveLength(asked);
    const sent = whatsapp.sent().filter((body) => body.to === customer);
    expect((sent.at(-1)!.text as { body: string }).body).toBe('Menurut catatan kami, Poin Anda 1.250.');

    // Kota is the contact's, but not the bots' to tell: strict grounding finds nothing, no model hears it.
    await deliver('kota saya apa?');
    replies = await botReplies(customer);
    expect(replies.at(-1)!.text).not.toContain('Bandung');
    expect(replies.at(-1)!.ai).toMatchObject({ kind: 'fallback' });
    expect(JSON.stringify(model.chatBodies())).not.toContain('Bandung');

    // Asked with more than the record holds: the model reads the record beside the knowledge.
    model.setReply('Poin Anda 1.250 [1], dan parkir mobil Rp 5.000 per jam [2].');
    await deliver('poin saya bisa buat bayar parkir mobil?');
    const body = model.chatBodies().at(-1)!;
    expect(body.messages[0].content).toContain("[1] The customer's own details");
    expect(body.messages[0].content).toContain('Poin: 1.250');
    expect(body.messages[0].content).not.toContain('Bandung');
    replies = await botReplies(customer);
    const told = replies.at(-1)!;
    expect(told.text).toBe('Poin Anda 1.250, dan parkir mobil Rp 5.000 per jam [1].');
    expect(told.ai).toMatchObject({ kind: 'answer', customer: ['Poin'] });
    expect((told.ai!.citations as Array<{ sourceTitle: string }>).map((c) => c.sourceTitle)).toEqual(['Jam buka']);

    // "Suggest a reply" drafts what the bot would tell them.
    await deliver('Poin saya berapa ya?');
    const draft = await client.agent
      .post(`/conversations/${conversation.id}/suggestion`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body).toMatchObject({ kind: 'answer', text: 'Menurut catatan kami, Poin Anda 1.250.' });

    // The inbox says which of the contact's details the replies used.
    const page = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    const shown = (page.props.messages as Array<{ id: number; ai: { customer_details: string[] } | null }>).filter(
      (message) => message.ai,
    );
    expect(shown.map((message) => message.ai!.customer_details)).toEqual([[], ['Poin'], [], ['Poin'], ['Poin']]);
  });
});

describe('a website visitor asking about themselves', () => {
  it("is told only when the host page signed them in, what the shop's system keeps through the API", async () => {
    const { team, owner, botId, fill, botReplies } = await cafeWithFields();
    const channel = await createChannel(app.services, team.id, {
      type: 'web',
      botId,
      name: 'Website',
      settings: { allowedDomains: ['shop.example.com'], identityVerification: true },
      secrets: { identitySecret },
    });
    const call = (path: string, token?: string) => {
      const req = request(app.app)
        .post(`/widget/${channel.publicKey}/${path}`)
        .set({ Origin: site, Accept: 'application/json' });
      return token ? req.set('Authorization', `Bearer ${token}`) : req;
    };
    const chat = async (identity?: { userId: string; userHash: string }) => {
      const res = await call('session').send(identity ? { identity } : {});
      expect(res.status, res.text).toBe(200);
      const session = res.body as SessionResponse;
      const say = async (text: string) => {
        expect((await call('messages', session.token).send({ clientId: randomUUID(), text })).status).toBe(202);
        await app.services.jobs.drain();
      };
      return { session, say };
    };
    const contactOf = async (threadId: string) =>
      (await conversationRepository(app.services.db, team.id).page({}, { page: 1, perPage: 50 })).items.find(
        (item) => item.threadId === threadId,
      )!.contactId;

    // An anonymous visitor's contact may hold what someone typed or imported: never told.
    const anonymous = await chat();
    await anonymous.say('Halo');
    await fill(await contactOf(anonymous.session.visitorId));
    await anonymous.say('poin saya berapa?');
    expect((await botReplies(anonymous.session.visitorId)).at(-1)!.text).not.toContain('1.250');

    const userHash = createHmac('sha256', identitySecret).update('cust-9').digest('hex');
    const signedIn = await chat({ userId: 'cust-9', userHash });
    expect(signedIn.session.verified).toBe(true);
    await signedIn.say('Halo');
    // The shop's own system finds its user's contact by its id and keeps their points.
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read', 'update'] });
    const api = (method: 'get' | 'patch', url: string) => {
      const agent = request(app.app);
      return (method === 'get' ? agent.get(url) : agent.patch(url)).set({
        Authorization: `Bearer ${plainText}`,
        Accept: 'application/json',
      });
    };
    const found = await api('get', '/api/contacts?external_id=cust-9');
    expect(found.body.data).toEqual([expect.objectContaining({ external_id: 'cust-9', attributes: {} })]);
    const kept = await api('patch', `/api/contacts/${found.body.data[0].id}`).send({ attributes: { poin: '1.250' } });
    expect(kept.status, kept.text).toBe(200);
    await signedIn.say('poin saya berapa?');
    expect((await botReplies(signedIn.session.visitorId)).at(-1)!.text).toBe('Menurut catatan kami, Poin Anda 1.250.');
  });
});
