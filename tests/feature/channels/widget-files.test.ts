import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { createChannel } from '../../factories/channels';
import { buildTextPdf } from '../../fixtures/knowledge/pdf';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import type { SessionResponse, WidgetMessage } from '../../../server/channels/web/protocol';
import { tinyPng } from '../../fixtures/media/png';

/**
 * Files a widget visitor sends, through real HTTP: the file as the request's body, its kind read
 * from the bytes, a message of its own (once per client id) whose file the visitor reads back with
 * their token and the team sees in the thread; the bot says it cannot read files; refusals (size,
 * kind, a name that lies, an empty file) store nothing.
 */
const site = 'https://shop.example.com';
const png = tinyPng;
const maxBytes = 64 * 1024;

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0', UPLOAD_MAX_BYTES: String(maxBytes) } });
});
afterAll(async () => {
  await app.close();
});

async function webChannel() {
  const bot = await cafeBot(app);
  expect((await bot.client.send('post', `/bots/${bot.botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, bot.team.id, {
    type: 'web',
    botId: bot.botId,
    name: 'Website',
    settings: { allowedDomains: ['shop.example.com'] },
  });
  const base = `/widget/${channel.publicKey}`;
  const session = async (body: Record<string, unknown> = {}) => {
    const res = await request(app.app).post(`${base}/session`).set('Origin', site).send(body);
    expect(res.status, res.text).toBe(200);
    return res.body as SessionResponse;
  };
  /** An upload as the widget makes it: the file's bytes as the body, its name and client id in the query. */
  const upload = (
    token: string | null,
    bytes: Buffer,
    name: string,
    clientId: string = randomUUID(),
    origin = site,
  ) => {
    const req = request(app.app)
      .post(`${base}/attachments`)
      .query({ clientId, name })
      .set({ Origin: origin, Accept: 'application/json', 'Content-Type': 'application/octet-stream' });
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(bytes);
  };
  const file = (token: string | null, messageId: number, index = 0) => {
    const req = request(app.app)
      .get(`${base}/messages/${messageId}/attachments/${index}`)
      .set('Origin', site)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const repo = conversationRepository(app.services.db, bot.team.id);
  return { ...bot, channel, session, upload, file, repo };
}

describe('files a widget visitor sends', () => {
  it('stores a picture as its own message, once, which the visitor reads back and the team sees in the thread', async () => {
    const { session, upload, file, repo, channel, client } = await webChannel();
    const visitor = await session();
    const clientId = randomUUID();
    const sent = await upload(visitor.token, png, 'foto struk.png', clientId);
    expect(sent.status, sent.text).toBe(202);
    const message = (sent.body as { message: WidgetMessage }).message;
    expect(message).toMatchObject({
      sender: 'contact',
      text: '',
      clientId,
      attachments: [{ index: 0, name: 'foto struk.png', mime: 'image/png', size: png.length, kind: 'image' }],
    });
    // The same upload again (a retry): the same message.
    const again = await upload(visitor.token, png, 'foto struk.png', clientId);
    expect((again.body as { message: WidgetMessage }).message.id).toBe(message.id);

    const own = await file(visitor.token, message.id);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['access-control-allow-origin']).toBe(site);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(own.body as Buffer, png)).toBe(0);
    const stranger = await session();
    expect((await file(stranger.token, message.id)).status).toBe(404);
    expect((await file(visitor.token, message.id, 1)).status).toBe(404);
    expect((await file(null, message.id)).status).toBe(401);

    // The inbox's row says what came, not "[image]" (before the bot's reply is the latest line).
    expect((await repo.latestOfThread(channel.id, visitor.visitorId))!.lastPreview).toBe('📷 Photo');

    // The bot cannot read it and says so, in both languages (no words yet to tell the language by).
    await app.services.jobs.drain();
    const conversation = (await repo.latestOfThread(channel.id, visitor.visitorId))!;
    const thread = await repo.messages(conversation.id, { limit: 10 });
    expect(thread.filter((row) => row.sender === 'contact')).toHaveLength(1);
    const reply = thread.find((row) => row.sender === 'bot')!;
    expect(reply.text).toContain('Saya belum bisa membaca file');
    expect(reply.text).toContain('I can’t read files myself');
    expect(reply.ai?.kind).toBe('smalltalk');

    // The team: the picture in the thread, through the inbox's own file route.
    const page = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    const shown = (page.props.messages as { id: number; attachments: { status: string; url: string | null }[] }[]).find(
      (row) => row.id === message.id,
    )!;
    expect(shown.attachments[0]).toMatchObject({ status: 'stored', mime: 'image/png', name: 'foto struk.png' });
    const inbox = await client.agent.get(shown.attachments[0].url!);
    expect(inbox.status).toBe(200);
    expect(inbox.headers['content-type']).toBe('image/png');
  });

  it('takes a PDF, and refuses what it cannot take with a message and nothing stored', async () => {
    const { session, upload, repo, channel } = await webChannel();
    const visitor = await session();
    const pdf = Buffer.from(await buildTextPdf({ title: 'Invoice' }));
    const sent = await upload(visitor.token, pdf, 'invoice.pdf');
    expect(sent.status, sent.text).toBe(202);
    expect((sent.body as { message: WidgetMessage }).message.attachments).toEqual([
      { index: 0, name: 'invoice.pdf', mime: 'application/pdf', size: pdf.length, kind: 'file' },
    ]);

    const refusals: [Buffer, string, number, string][] = [
      [
        Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000', 'latin1'),
        'setup.exe',
        422,
        'This kind of file cannot be sent here.',
      ],
      [Buffer.from('not really a pdf'), 'invoice.pdf', 422, 'The file is named .pdf but is not one.'],
      [Buffer.alloc(0), 'empty.txt', 422, 'The file is empty.'],
      [Buffer.alloc(maxBytes + 1, 'a'), 'big.txt', 413, 'The file may not be greater than 64 kilobytes.'],
    ];
    for (const [bytes, name, status, message] of refusals) {
      const res = await upload(visitor.token, bytes, name);
      expect(res.status, name).toBe(status);
      expect(res.body.message, name).toContain(message);
    }
    // A body the JSON parser read is no file: refused at once, not waited for.
    const json = await request(app.app)
      .post(`/widget/${channel.publicKey}/attachments`)
      .query({ clientId: randomUUID(), name: 'a.png' })
      .set({ Origin: site, Accept: 'application/json', Authorization: `Bearer ${visitor.token}` })
      .send({ file: 'not bytes' });
    expect(json.status).toBe(415);
    const badId = await upload(visitor.token, png, 'a.png', 'x');
    expect(badId.status).toBe(422);
    expect(badId.body.errors).toHaveProperty('clientId');
    expect((await upload(null, png, 'a.png')).status).toBe(401);
    expect((await upload(visitor.token, png, 'a.png', randomUUID(), 'https://evil.example')).status).toBe(403);

    const conversation = (await repo.latestOfThread(channel.id, visitor.visitorId))!;
    const stored = (await repo.messages(conversation.id, { limit: 20 })).filter((row) => row.sender === 'contact');
    expect(stored).toHaveLength(1);
  });
});
