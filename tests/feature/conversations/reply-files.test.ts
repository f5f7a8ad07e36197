import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { startFakeTelegram, type FakeTelegram } from '../../helpers/fake-telegram';
import { startFakeWhatsApp, type FakeWhatsApp, whatsappChannelOn } from '../../helpers/fake-whatsapp';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { buildTextPdf } from '../../fixtures/knowledge/pdf';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import type { ChannelType } from '../../../server/db/schema/channels';
import type { WidgetMessage } from '../../../server/channels/web/protocol';
import { tinyPng } from '../../fixtures/media/png';

/**
 * An agent's reply with a file (conversations.messages.store, multipart: `file` and its caption
 * `text`), checked by its bytes as a visitor's file is, kept on the private disk and sent through
 * the conversation's channel: to the widget over realtime (the visitor reads it with their token),
 * Telegram's sendPhoto/sendDocument, WhatsApp's media upload then an image or document message,
 * and the webhook channel's payload with a signed link the receiver downloads from.
 */
const png = tinyPng;
const token = '123456789:AAreplyfilesreplyfilesreplyfiles_x';
const signingSecret = 'whsec_reply_files';

let app: TestApp;
let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  telegram = await startFakeTelegram({ token });
  whatsapp = await startFakeWhatsApp();
  receiver = await startWebhookReceiver({ secret: signingSecret });
  app = await createTestApp({
    env: {
      TELEGRAM_API_URL: telegram.baseUrl,
      WHATSAPP_GRAPH_URL: whatsapp.url,
      QUEUE_RETRY_DELAY_SECONDS: '0',
      // The webhook receiver listens on 127.0.0.1.
      KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true',
    },
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([telegram.close(), whatsapp.close(), receiver.close()]);
});

/** A conversation on a channel of the type, its thread as the provider names people, and its owner signed in. */
async function conversationOn(type: ChannelType, threadId: string) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const options = {
    web: { settings: { allowedDomains: ['shop.example.com'] } },
    telegram: { secrets: { botToken: token, webhookSecret: 'tg-secret' }, settings: { botUsername: 'kopi_bot' } },
    whatsapp: whatsappChannelOn(whatsapp),
    webhook: { settings: { outboundUrl: receiver.url }, secrets: { signingSecret } },
  }[type];
  const channel = await createChannel(app.services, team.id, { type, ...options });
  const { conversation } = await createConversation(app.services, channel, { text: 'Boleh minta menunya?' });
  const repo = conversationRepository(app.services.db, team.id);
  await repo.update(conversation.id, { threadId });
  const client = await signedIn(app.app, owner);
  /** The reply form's multipart POST, as Inertia's useForm sends a file. */
  const reply = (fields: { text?: string; file?: { bytes: Buffer; name: string } }, as = client) => {
    const req = as.agent
      .post(`/conversations/${conversation.id}/messages`)
      .set({ 'X-XSRF-TOKEN': as.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' });
    if (fields.text !== undefined) req.field('text', fields.text);
    if (fields.file)
      req.attach('file', fields.file.bytes, { filename: fields.file.name, contentType: 'application/octet-stream' });
    return req;
  };
  const errors = async () =>
    (await client.visit(`/conversations/${conversation.id}`)).body.props.errors as Record<string, string>;
  return { team, channel, conversation, repo, client, viewer, reply, errors };
}

describe('files in an agent’s reply', () => {
  it('reaches the widget’s visitor, who reads it with their token', async () => {
    const { channel, conversation, repo, reply } = await conversationOn('web', 'visitor-reply-files');
    const from = app.broadcasts.length;
    const res = await reply({ text: 'Ini menunya, Kak', file: { bytes: png, name: 'menu.png' } });
    expect(res.status).toBe(303);
    await app.services.jobs.drain();
    const [message] = (await repo.messages(conversation.id, { limit: 10 })).filter((row) => row.sender === 'agent');
    expect(message).toMatchObject({ kind: 'image', text: 'Ini menunya, Kak', status: 'sent' });
    const live = app.broadcasts
      .slice(from)
      .filter((b) => b.event === 'message.created')
      .map((b) => (b.data as { message: WidgetMessage }).message)
      .find((m) => m.id === message.id)!;
    expect(live.attachments).toEqual([
      { index: 0, name: 'menu.png', mime: 'image/png', size: png.length, kind: 'image' },
    ]);
    expect((await repo.find(conversation.id))!.lastPreview).toBe('Ini menunya, Kak');

    // The visitor of that thread reads it through the widget, with the token their session gives.
    const session = await request(app.app)
      .post(`/widget/${channel.publicKey}/session`)
      .set('Origin', 'https://shop.example.com')
      .send({ visitorId: 'visitor-reply-files' });
    const file = await request(app.app)
      .get(`/widget/${channel.publicKey}/messages/${message.id}/attachments/0`)
      .set({ Origin: 'https://shop.example.com', Authorization: `Bearer ${session.body.token}` });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('goes to Telegram as a photo or a document, the words as its caption', async () => {
    const { conversation, repo, reply } = await conversationOn('telegram', '777001');
    const pdf = Buffer.from(await buildTextPdf({ title: 'Menu' }));
    expect((await reply({ text: 'Menu lengkapnya', file: { bytes: pdf, name: 'menu.pdf' } })).status).toBe(303);
    expect((await reply({ file: { bytes: png, name: 'denah.png' } })).status).toBe(303);
    await app.services.jobs.drain();
    const sent = telegram.sent().filter((m) => m.chat_id === 777001);
    expect(sent.map((m) => [m.file?.field, m.file?.name, m.text])).toEqual([
      ['document', 'menu.pdf', 'Menu lengkapnya'],
      ['photo', 'denah.png', ''],
    ]);
    expect(Buffer.compare(sent[0].file!.bytes, pdf)).toBe(0);
    const agent = (await repo.messages(conversation.id, { limit: 10 })).filter((row) => row.sender === 'agent');
    expect(agent.map((row) => [row.status, row.externalId])).toEqual([
      ['sent', `777001:${sent[0].message_id}`],
      ['sent', `777001:${sent[1].message_id}`],
    ]);
    expect((await repo.find(conversation.id))!.lastPreview).toBe('📷 Photo');
  });

  it('goes to WhatsApp as uploaded media sent by its id, and not outside the 24-hour window', async () => {
    const { conversation, repo, reply, errors } = await conversationOn('whatsapp', '6281298765001');
    const pdf = Buffer.from(await buildTextPdf({ title: 'Invoice' }));
    expect((await reply({ text: 'Fotonya', file: { bytes: png, name: 'struk.png' } })).status).toBe(303);
    expect((await reply({ file: { bytes: pdf, name: 'invoice.pdf' } })).status).toBe(303);
    await app.services.jobs.drain();
    const uploads = whatsapp.uploads().slice(-2);
    expect(uploads.map((u) => [u.name, u.mime])).toEqual([
      ['struk.png', 'image/png'],
      ['invoice.pdf', 'application/pdf'],
    ]);
    const sent = whatsapp.sent().filter((body) => body.to === '6281298765001');
    expect(sent).toEqual([
      expect.objectContaining({ type: 'image', image: { id: uploads[0].id, caption: 'Fotonya' } }),
      expect.objectContaining({ type: 'document', document: { id: uploads[1].id, filename: 'invoice.pdf' } }),
    ]);
    const agent = (await repo.messages(conversation.id, { limit: 10 })).filter((row) => row.sender === 'agent');
    expect(agent.every((row) => row.status === 'sent' && row.externalId?.startsWith('wamid.'))).toBe(true);

    await repo.update(conversation.id, { lastInboundAt: new Date(Date.now() - 25 * 3600_000) });
    await reply({ file: { bytes: png, name: 'late.png' } });
    expect((await errors()).file).toMatch(/24-hour WhatsApp window is closed/);
  });

  it('goes to the webhook receiver as a signed link that downloads it for a day', async () => {
    const { reply } = await conversationOn('webhook', 'cust-files-1');
    const before = receiver.deliveries.length;
    expect((await reply({ text: 'Invoice terlampir', file: { bytes: png, name: 'invoice.png' } })).status).toBe(303);
    await app.services.jobs.drain();
    const delivery = receiver.deliveries.slice(before).find((d) => d.verified)!;
    const data = (delivery.body as { data: { text: string; attachments: { url: string }[] } }).data;
    expect(data).toMatchObject({
      user_id: 'cust-files-1',
      text: 'Invoice terlampir',
      attachments: [{ name: 'invoice.png', mime: 'image/png', size: png.length, url: expect.any(String) }],
    });
    const link = new URL(data.attachments[0].url);
    expect(link.pathname).toMatch(new RegExp(`^/webhooks/custom/[\\w-]+/files/\\d+/0$`));
    const file = await request(app.app).get(link.pathname + link.search);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
    const tampered = link.pathname.replace(/\/0$/, '/1') + link.search;
    expect((await request(app.app).get(tampered)).status).toBe(403);
    expect((await request(app.app).get(link.pathname)).status).toBe(403);
  });

  it('refuses what it cannot send, a caption over 1,024 characters, and a viewer', async () => {
    const { conversation, repo, reply, errors, viewer } = await conversationOn('web', 'visitor-refusals');
    await reply({ file: { bytes: Buffer.from('MZ\u0090\u0000', 'latin1'), name: 'setup.exe' } });
    expect((await errors()).file).toMatch(/^This kind of file cannot be sent here/);
    await reply({ text: 'x'.repeat(1025), file: { bytes: png, name: 'a.png' } });
    expect((await errors()).text).toMatch(/caption may be at most 1024 characters/);
    const watcher = await signedIn(app.app, viewer);
    expect((await reply({ file: { bytes: png, name: 'a.png' } }, watcher)).status).toBe(403);
    expect((await repo.messages(conversation.id, { limit: 10 })).filter((row) => row.sender === 'agent')).toEqual([]);
  });
});
