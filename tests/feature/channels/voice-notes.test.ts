import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startFakeChatServer, type FakeChatServer } from '../../helpers/fake-chat-server';
import {
  postWhatsAppWebhook,
  startFakeWhatsApp,
  whatsappMessageWebhook,
  type FakeWhatsApp,
  whatsappChannelOn,
} from '../../helpers/fake-whatsapp';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import type { StoredAttachment } from '../../../server/channels/media';
import { fetchMessageMedia } from '../../../server/channels/fetch-media';
import { usageEvents } from '../../../server/db/schema/index';
import { eq } from 'drizzle-orm';

/**
 * WhatsApp voice notes heard by the bot (AI_TRANSCRIPTION_MODEL): the note's reply waits for its
 * file; the media job downloads it, has it transcribed (`POST /audio/transcriptions` on the
 * platform's OpenAI-compatible server), keeps the words as the message's text and queues the reply,
 * which answers them. A server that keeps failing, or refuses the file, leaves the note without
 * words and the bot still answers once.
 */
const appSecret = 'voice-notes-app-secret';
/** An Ogg page's capture pattern and a little more: the app never decodes audio, it only sends the bytes on. */
const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);

let app: TestApp;
let whatsapp: FakeWhatsApp;
let ai: FakeChatServer;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  ai = await startFakeChatServer({
    reply: (body) => `Jawaban untuk: ${body.messages.at(-1)?.content.split('\n').at(-1) ?? ''}`,
  });
  app = await createTestApp({
    env: {
      WHATSAPP_GRAPH_URL: whatsapp.url,
      AI_BASE_URL: ai.baseUrl,
      AI_CHAT_MODEL: 'fake-model',
      AI_TRANSCRIPTION_MODEL: 'whisper-1',
      QUEUE_RETRY_DELAY_SECONDS: '0',
    },
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([whatsapp.close(), ai.close()]);
});

async function voiceChannel() {
  const { team, client, botId } = await cafeBot(app);
  expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, team.id, {
    ...whatsappChannelOn(whatsapp, { appSecret }),
    botId,
  });
  const repo = conversationRepository(app.services.db, team.id);
  const speak = async (from: string) => {
    const mediaId = whatsapp.addMedia(ogg, 'audio/ogg');
    const body = whatsappMessageWebhook({
      phoneNumberId: whatsapp.phoneNumberId,
      from,
      type: 'audio',
      content: { id: mediaId, mime_type: 'audio/ogg; codecs=opus', voice: true },
    });
    const res = await postWhatsAppWebhook(app.app, channel.publicKey, body, appSecret);
    expect(res.status, res.text).toBe(200);
    await app.services.jobs.drain();
    const conversation = (await repo.page({}, { page: 1, perPage: 50 })).items.find((item) => item.threadId === from)!;
    return repo.messages(conversation.id, { limit: 20 });
  };
  return { speak, repo, team };
}

const sentTo = (to: string) => whatsapp.sent().filter((body) => body.to === to);

describe('a WhatsApp voice note', () => {
  it('whose file is gone before it is heard is tried again, then answered without its words', async () => {
    ai.setTranscript(() => 'Halo');
    const { speak, repo, team } = await voiceChannel();
    const [note] = (await speak('6281600000004')).filter((message) => message.direction === 'inbound');
    const [file] = note.attachments as StoredAttachment[];
    await repo.updateMessage(note.id, {
      text: '',
      attachments: [{ ...file, stored: `media/${team.id}/${'0'.repeat(64)}`, transcript: undefined }],
    });
    const run = (lastAttempt: boolean) =>
      fetchMessageMedia(app.services, { teamId: team.id, messageId: note.id }, { lastAttempt });
    await expect(run(false)).rejects.toThrow(/ENOENT/);
    const replyJobs = async () =>
      (
        await app.services.database.execute(
          `select id from pgboss.job where name = 'conversation.reply' and (data->>'messageId')::int = $1`,
          [note.id],
        )
      ).rows.length;
    const queued = await replyJobs();
    await run(true);
    const after = (await repo.message(note.id))!;
    expect((after.attachments as StoredAttachment[])[0].transcriptError).toBe('The voice note could not be read.');
    // Its reply is queued all the same (a message is answered once, so the note keeps its one reply).
    expect(await replyJobs()).toBe(queued + 1);
    await app.services.jobs.drain();
  });

  it('is transcribed, its words kept as the message, and answered by the bot once', async () => {
    ai.setTranscript(() => 'Outlet Kemang buka jam berapa?');
    const { speak } = await voiceChannel();
    const customer = '6281600000001';
    const before = ai.transcriptionBodies().length;
    const thread = await speak(customer);

    const [note] = thread.filter((message) => message.direction === 'inbound');
    expect(note).toMatchObject({ kind: 'audio', text: 'Outlet Kemang buka jam berapa?' });
    expect((note.attachments as StoredAttachment[])[0]).toMatchObject({
      mime: 'audio/ogg',
      transcript: 'Outlet Kemang buka jam berapa?',
    });
    const sent = ai.transcriptionBodies().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ model: 'whisper-1', response_format: 'json' });
    expect((sent[0].file as { name: string; bytes: Buffer }).name).toMatch(/\.ogg$/);
    expect((sent[0].file as { bytes: Buffer }).bytes.equals(ogg)).toBe(true);

    // It used the plan's AI credits once, as the customer's; it had no language to hint yet.
    const usage = await app.services.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.idempotencyKey, `transcription:${note.id}`));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ source: 'channel', contactId: expect.any(Number) });
    expect(sent[0].language).toBeUndefined();

    const replies = thread.filter((message) => message.sender === 'bot');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ status: 'sent' });
    expect(replies[0].text).toContain('Outlet Kemang buka jam berapa?');
    expect(sentTo(customer).filter((body) => body.type === 'text')).toHaveLength(1);

    // The next note is heard with the language the customer writes in as a hint.
    await speak(customer);
    expect(ai.transcriptionBodies().at(-1)).toMatchObject({ language: 'id' });
  });

  it('is still answered once when the transcription server keeps failing or refuses the file', async () => {
    const { speak } = await voiceChannel();
    ai.failTranscriptions(10, 503);
    const busy = await speak('6281600000002');
    const [note] = busy.filter((message) => message.direction === 'inbound');
    expect(note.text).toBe('');
    expect((note.attachments as StoredAttachment[])[0].transcriptError).toMatch(/503/);
    expect(busy.filter((message) => message.sender === 'bot')).toHaveLength(1);
    expect(sentTo('6281600000002').filter((body) => body.type === 'text')).toHaveLength(1);

    ai.failTranscriptions(0);
    const before = ai.transcriptionBodies().length;
    ai.failTranscriptions(1, 400);
    const refused = await speak('6281600000003');
    expect(ai.transcriptionBodies().length - before).toBe(1);
    expect(refused.filter((message) => message.sender === 'bot')).toHaveLength(1);
    expect((refused.find((m) => m.direction === 'inbound')!.attachments as StoredAttachment[])[0]).toMatchObject({
      transcriptError: expect.stringContaining('400'),
    });
  });
});
