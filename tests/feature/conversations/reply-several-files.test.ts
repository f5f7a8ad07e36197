import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { startFakeTelegram, type FakeTelegram } from '../../helpers/fake-telegram';
import { startFakeWhatsApp, type FakeWhatsApp, whatsappChannelOn } from '../../helpers/fake-whatsapp';
import { buildTextPdf } from '../../fixtures/knowledge/pdf';
import { createChannel, createConversation } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { privateDisk } from '../../../server/channels/media';
import type { ChannelType } from '../../../server/db/schema/channels';
import { tinyPng } from '../../fixtures/media/png';

/**
 * Several files at once from the reply box (`files[0]`, `files[1]`… as Inertia's form data sends an
 * array; at most ten): a reply makes a message of each, in order, the words the first one's
 * caption, and the channel delivers them in that order; a note keeps them all. Every file is checked
 * before any is written, so that one refused file leaves nothing behind and names its place.
 */
const png = tinyPng;
const token = '123456789:AAseveralfilesseveralfilesseve_x';

let app: TestApp;
let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;

beforeAll(async () => {
  telegram = await startFakeTelegram({ token });
  whatsapp = await startFakeWhatsApp();
  app = await createTestApp({
    env: { TELEGRAM_API_URL: telegram.baseUrl, WHATSAPP_GRAPH_URL: whatsapp.url, QUEUE_RETRY_DELAY_SECONDS: '0' },
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([telegram.close(), whatsapp.close()]);
});

type Upload = { bytes: Buffer; name: string };

async function conversationOn(type: ChannelType, threadId: string) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const options = {
    telegram: { secrets: { botToken: token, webhookSecret: 'tg-secret' }, settings: { botUsername: 'kopi_bot' } },
    whatsapp: whatsappChannelOn(whatsapp),
  }[type as 'telegram' | 'whatsapp'];
  const channel = await createChannel(app.services, team.id, { type, ...options });
  const { conversation } = await createConversation(app.services, channel, { text: 'Boleh minta foto menunya?' });
  const repo = conversationRepository(app.services.db, team.id);
  await repo.update(conversation.id, { threadId });
  const client = await signedIn(app.app, owner);
  /** The reply box's multipart POST with several files, as Inertia's useForm sends them. */
  const post = (path: 'messages' | 'notes', fields: { text?: string; files: Upload[] }) => {
    const req = client.agent
      .post(`/conversations/${conversation.id}/${path}`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' });
    if (fields.text !== undefined) req.field('text', fields.text);
    fields.files.forEach((file, index) =>
      req.attach(`files[${index}]`, file.bytes, { filename: file.name, contentType: 'application/octet-stream' }),
    );
    return req;
  };
  const errors = async () =>
    (await client.visit(`/conversations/${conversation.id}`)).body.props.errors as Record<string, string>;
  const mediaFiles = () => {
    const folder = join(privateDisk(app.services.config), 'media', String(team.id));
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  return { team, conversation, repo, post, errors, mediaFiles };
}

describe('several files in one reply', () => {
  it('sends each as a message of its own, in order, the words with the first', async () => {
    const { conversation, repo, post } = await conversationOn('telegram', '778001');
    const pdf = Buffer.from(await buildTextPdf({ title: 'Menu' }));
    const files = [
      { bytes: png, name: 'menu-depan.png' },
      { bytes: pdf, name: 'menu.pdf' },
      { bytes: Buffer.concat([png, Buffer.from([0])]), name: 'denah.png' },
    ];
    expect((await post('messages', { text: 'Ini menunya, Kak', files })).status).toBe(303);
    await app.services.jobs.drain();

    const sent = telegram.sent().filter((message) => message.chat_id === 778001);
    expect(sent.map((message) => [message.file?.field, message.file?.name, message.text])).toEqual([
      ['photo', 'menu-depan.png', 'Ini menunya, Kak'],
      ['document', 'menu.pdf', ''],
      ['photo', 'denah.png', ''],
    ]);
    const agent = (await repo.messages(conversation.id, { limit: 10 })).filter((row) => row.sender === 'agent');
    expect(agent.map((row) => [row.kind, row.text, row.status, row.attachments.length])).toEqual([
      ['image', 'Ini menunya, Kak', 'sent', 1],
      ['file', '', 'sent', 1],
      ['image', '', 'sent', 1],
    ]);
    const after = (await repo.find(conversation.id))!;
    // One reply of the agent's, however many files; the list shows its words (without words, its last file).
    expect(after.humanReplyCount).toBe(1);
    expect(after.lastPreview).toBe('Ini menunya, Kak');
  });

  it('checks every file before writing any: a refused one names its place, and nothing is kept', async () => {
    const { conversation, repo, post, errors, mediaFiles } = await conversationOn('telegram', '778002');
    const before = mediaFiles();
    const res = await post('messages', {
      text: 'Ini menunya',
      files: [
        { bytes: png, name: 'menu.png' },
        { bytes: Buffer.from('MZ\x90\x00 not a document'), name: 'setup.exe' },
        { bytes: Buffer.alloc(0), name: 'kosong.pdf' },
      ],
    });
    expect(res.status).toBe(303);
    expect(await errors()).toEqual({
      'files.1':
        'This kind of file cannot be sent here. Send a picture (JPEG, PNG, GIF or WebP), a PDF, a Word or Excel file, or a text file.',
      'files.2': 'The file is empty.',
    });
    expect(mediaFiles()).toEqual(before);
    const agent = (await repo.messages(conversation.id, { limit: 10 })).filter((row) => row.sender === 'agent');
    expect(agent).toEqual([]);

    const eleven = Array.from({ length: 11 }, (_, index) => ({ bytes: png, name: `foto-${index}.png` }));
    await post('messages', { files: eleven });
    expect(await errors()).toEqual({ files: 'Attach at most 10 files at a time.' });
  });

  it('is refused on WhatsApp outside the 24-hour window, on the files', async () => {
    const { conversation, repo, post, errors } = await conversationOn('whatsapp', '6281298765777');
    await repo.update(conversation.id, { lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    await post('messages', { files: [{ bytes: png, name: 'menu.png' }] });
    expect(await errors()).toEqual({
      files:
        'The 24-hour WhatsApp window is closed: only an approved template can be sent until the customer writes again.',
    });
  });
});

describe('several files in one note', () => {
  it('keeps them all on the note, in order, and sends none', async () => {
    const { conversation, repo, post } = await conversationOn('telegram', '778003');
    const pdf = Buffer.from(await buildTextPdf({ title: 'Resi' }));
    const res = await post('notes', {
      text: 'Bukti transfer dan resi',
      files: [
        { bytes: png, name: 'transfer.png' },
        { bytes: pdf, name: 'resi.pdf' },
      ],
    });
    expect(res.status).toBe(303);
    await app.services.jobs.drain();
    const [note] = (await repo.messages(conversation.id, { limit: 10 })).filter((row) => row.kind === 'note');
    expect(note.text).toBe('Bukti transfer dan resi');
    expect(note.attachments.map((file) => (file as { name: string }).name)).toEqual(['transfer.png', 'resi.pdf']);
    expect(telegram.sent().filter((message) => message.chat_id === 778003)).toEqual([]);
  });
});
