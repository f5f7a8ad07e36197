import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import {
  postWhatsAppWebhook,
  startFakeWhatsApp,
  whatsappMessageWebhook,
  type FakeWhatsApp,
} from '../../helpers/fake-whatsapp';
import { createChannel } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { fetchMessageMedia } from '../../../server/channels/fetch-media';
import type { StoredAttachment } from '../../../server/channels/media';

/**
 * WhatsApp media end to end against a local fake of the Graph API: the webhook's metadata is
 * stored with the message at once, the `channel.media` job fetches the file (GET /{media-id}, then
 * its URL, the access token on both), writes it to the private disk and tells the open inbox; team
 * members read it through `conversations.messages.attachment` with headers that keep it inert;
 * pages never see the media id or Meta's URL; other teams get 404.
 */
const appSecret = 'kawan-media-app-secret';

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

/** A PNG's signature and a little more: the app never decodes it, it only keeps the bytes. */
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('kawan-test-image')]);

/** A WhatsApp channel without a bot (no replies in the way), its owner signed in. */
async function mediaChannel() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, {
    type: 'whatsapp',
    settings: { phoneNumberId: whatsapp.phoneNumberId, wabaId: whatsapp.wabaId },
    secrets: { accessToken: whatsapp.accessToken, appSecret, verifyToken: 'media-verify' },
  });
  const deliver = (body: string) => postWhatsAppWebhook(app.app, channel.publicKey, body, appSecret);
  const media = (type: string, content: Record<string, unknown>, id?: string) =>
    whatsappMessageWebhook({ phoneNumberId: whatsapp.phoneNumberId, from: `62812${team.id}0001`, type, content, id });
  const repo = conversationRepository(app.services.db, team.id);
  /** The one conversation's first message, once the jobs have run. */
  const stored = async () => {
    await app.services.jobs.drain();
    const [conversation] = (await repo.page({}, { page: 1, perPage: 10 })).items;
    const [message] = await repo.messages(conversation.id, { limit: 10 });
    return { conversation, message, attachments: message.attachments as StoredAttachment[] };
  };
  return { owner, team, channel, deliver, media, repo, stored, client: await signedIn(app.app, owner) };
}

/** Graph API requests for this media id: its metadata, then its bytes. */
const fetchesOf = (mediaId: string) => ({
  info: whatsapp.requests.filter((r) => r.method === 'GET' && r.path === `/v21.0/${mediaId}`),
  bytes: whatsapp.requests.filter((r) => r.method === 'GET' && r.path.includes(`mid=${mediaId}`)),
});

const privateFile = (path: string) => join(app.services.config.dataDir, 'app', 'private', path);

describe('WhatsApp media', () => {
  it('fetches an image into the private disk and serves it to a team member, inert', async () => {
    const { team, deliver, media, stored, client } = await mediaChannel();
    const mediaId = whatsapp.addMedia(png, 'image/png');
    const res = await deliver(
      media('image', { id: mediaId, mime_type: 'image/png', sha256: 'webhook-hash', caption: 'Struk' }),
    );
    expect(res.status, res.text).toBe(200);
    const { conversation, message, attachments } = await stored();

    const sha256 = createHash('sha256').update(png).digest('hex');
    expect(message).toMatchObject({ kind: 'image', text: 'Struk' });
    expect(attachments).toEqual([
      { providerMediaId: mediaId, mime: 'image/png', size: png.length, sha256, stored: `media/${team.id}/${sha256}` },
    ]);
    expect(readFileSync(privateFile(`media/${team.id}/${sha256}`))).toEqual(png);
    expect(existsSync(join(app.services.config.dataDir, 'app', 'public', 'media'))).toBe(false);
    // Meta's way: the metadata, then the URL it gave, both with the access token.
    const { info, bytes } = fetchesOf(mediaId);
    expect(info).toHaveLength(1);
    expect(bytes).toHaveLength(1);
    for (const call of [...info, ...bytes]) expect(call.headers.authorization).toBe(`Bearer ${whatsapp.accessToken}`);

    // The open conversation heard the change.
    const updated = app.broadcasts.filter(
      (b) =>
        b.event === 'App\\Events\\MessageUpdated' && b.channels.includes(`private-conversations.${conversation.id}`),
    );
    expect(updated.at(-1)?.data.message).toMatchObject({ id: message.id, attachments: [{ status: 'stored' }] });

    const url = `/conversations/${conversation.id}/messages/${message.id}/attachments/0`;
    const page = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    const [shown] = page.props.messages as Array<{ attachments: unknown[] }>;
    expect(shown.attachments).toEqual([
      {
        kind: 'image',
        mime: 'image/png',
        name: null,
        size: png.length,
        status: 'stored',
        url,
        error: null,
        transcribed: false,
      },
    ]);
    for (const leaked of [
      mediaId,
      'providerMediaId',
      'whatsapp_business',
      new URL(whatsapp.url).host,
      'webhook-hash',
    ]) {
      expect(JSON.stringify(page.props)).not.toContain(leaked);
      expect(JSON.stringify(updated)).not.toContain(leaked);
    }

    const file = await client.agent.get(url).buffer(true);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body as Buffer)).toEqual(png);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=600',
      'content-security-policy': "default-src 'none'",
    });
  });

  it('serves a document as a download under its own name, and anything else it is not as 404', async () => {
    const { deliver, media, stored, client } = await mediaChannel();
    const html = Buffer.from('<script>alert(document.cookie)</script>');
    const mediaId = whatsapp.addMedia(html, 'text/html');
    await deliver(media('document', { id: mediaId, mime_type: 'text/html', filename: 'Struk Januari – ü.html' }));
    const { conversation, message } = await stored();

    const base = `/conversations/${conversation.id}/messages/${message.id}/attachments`;
    const file = await client.agent.get(`${base}/0`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/html/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Struk Januari _ _.html"; filename*=UTF-8''Struk%20Januari%20%E2%80%93%20%C3%BC.html`,
    );
    expect(file.headers['content-security-policy']).toBe("default-src 'none'");
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const page = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    const [shown] = page.props.messages as Array<{ attachments: unknown[] }>;
    expect(shown.attachments).toEqual([
      expect.objectContaining({ kind: 'file', name: 'Struk Januari – ü.html', size: html.length, status: 'stored' }),
    ]);

    expect((await client.agent.get(`${base}/1`)).status).toBe(404);
    expect(
      (await client.agent.get(`/conversations/${conversation.id}/messages/${message.id + 999}/attachments/0`)).status,
    ).toBe(404);
  });

  it('fetches once however often Meta delivers the message, and a rerun after a crash ends the same', async () => {
    const { team, deliver, media, stored, repo } = await mediaChannel();
    const mediaId = whatsapp.addMedia(png, 'image/png');
    const wamid = `wamid.media-redelivered-${team.id}`;
    const body = media('image', { id: mediaId, mime_type: 'image/png' }, wamid);
    for (let attempt = 0; attempt < 3; attempt++) expect((await deliver(body)).status).toBe(200);
    // The same message in another delivery (Meta's bodies differ between redeliveries).
    await deliver(media('image', { id: mediaId, mime_type: 'image/png', caption: 'again' }, wamid));
    const { message, attachments } = await stored();
    expect(fetchesOf(mediaId).info).toHaveLength(1);
    expect(fetchesOf(mediaId).bytes).toHaveLength(1);

    // The job run again changes nothing and fetches nothing.
    await fetchMessageMedia(app.services, { teamId: team.id, messageId: message.id }, { lastAttempt: false });
    expect(fetchesOf(mediaId).info).toHaveLength(1);
    expect((await repo.message(message.id))?.attachments).toEqual(attachments);

    // Killed after writing the file, before recording it: the rerun ends in the same state.
    const { stored: path, ...unrecorded } = attachments[0];
    await repo.updateMessage(message.id, {
      attachments: [{ providerMediaId: unrecorded.providerMediaId, mime: 'image/png' }],
    });
    await fetchMessageMedia(app.services, { teamId: team.id, messageId: message.id }, { lastAttempt: false });
    expect((await repo.message(message.id))?.attachments).toEqual(attachments);
    expect(readFileSync(privateFile(path!))).toEqual(png);

    // Killed while writing: the half-written temporary file is never the file.
    rmSync(privateFile(path!));
    writeFileSync(`${privateFile(path!)}.0b5e1c2a.tmp`, png.subarray(0, 5));
    await repo.updateMessage(message.id, { attachments: [{ providerMediaId: unrecorded.providerMediaId }] });
    await fetchMessageMedia(app.services, { teamId: team.id, messageId: message.id }, { lastAttempt: false });
    expect((await repo.message(message.id))?.attachments).toEqual(attachments);
    expect(readFileSync(privateFile(path!))).toEqual(png);
  });

  it('records a 404 from the Graph API as a failed attachment with its reason, without retrying', async () => {
    const { deliver, media, stored, client } = await mediaChannel();
    const mediaId = whatsapp.addMedia(png, 'image/png');
    whatsapp.failNext({ status: 404, code: 100, message: '(#100) The media was deleted' });
    await deliver(media('image', { id: mediaId, mime_type: 'image/png' }));
    const { conversation, message, attachments } = await stored();
    expect(attachments).toEqual([
      { providerMediaId: mediaId, mime: 'image/png', error: '(#100) The media was deleted' },
    ]);
    expect(fetchesOf(mediaId).info).toHaveLength(1);

    const page = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    const [shown] = page.props.messages as Array<{ attachments: unknown[] }>;
    expect(shown.attachments).toEqual([
      {
        kind: 'image',
        mime: 'image/png',
        name: null,
        size: null,
        status: 'failed',
        url: null,
        error: '(#100) The media was deleted',
        transcribed: false,
      },
    ]);
    expect(
      (await client.agent.get(`/conversations/${conversation.id}/messages/${message.id}/attachments/0`)).status,
    ).toBe(404);
  });

  it('tries again after a server error, and records a file over the size cap as too large', async () => {
    const { deliver, media, stored } = await mediaChannel();
    const mediaId = whatsapp.addMedia(png, 'image/png');
    whatsapp.failNext({ status: 503, message: 'Service temporarily unavailable' });
    await deliver(media('image', { id: mediaId, mime_type: 'image/png' }));
    expect((await stored()).attachments[0]).toMatchObject({ stored: expect.any(String), size: png.length });
    expect(fetchesOf(mediaId).info).toHaveLength(2);

    const { deliver: deliverLarge, media: large, stored: storedLarge } = await mediaChannel();
    const largeId = whatsapp.addMedia(png, 'video/mp4', { declaredSize: 64 * 1024 * 1024 });
    await deliverLarge(large('video', { id: largeId, mime_type: 'video/mp4' }));
    expect((await storedLarge()).attachments).toEqual([
      { providerMediaId: largeId, mime: 'video/mp4', error: 'The media is larger than 16 MB' },
    ]);
    expect(fetchesOf(largeId).bytes).toHaveLength(0);
  });

  it('shows a file not fetched yet as pending', async () => {
    const { deliver, media, stored, client, repo } = await mediaChannel();
    const mediaId = whatsapp.addMedia(png, 'audio/ogg');
    await deliver(media('audio', { id: mediaId, mime_type: 'audio/ogg; codecs=opus', voice: true }));
    const { conversation, message } = await stored();
    // As the message is between its inbound job and its media job.
    await repo.updateMessage(message.id, { attachments: [{ providerMediaId: mediaId, mime: 'audio/ogg' }] });
    const page = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    const [shown] = page.props.messages as Array<{ attachments: unknown[] }>;
    expect(shown.attachments).toEqual([
      {
        kind: 'audio',
        mime: 'audio/ogg',
        name: null,
        size: null,
        status: 'pending',
        url: null,
        error: null,
        transcribed: false,
      },
    ]);
    expect(
      (await client.agent.get(`/conversations/${conversation.id}/messages/${message.id}/attachments/0`)).status,
    ).toBe(404);
  });
});

describe('who may read a stored file', () => {
  it('is any member who may view the conversation: an agent and a viewer of the team; another team gets 404', async () => {
    const { team, deliver, media, stored } = await mediaChannel();
    const mediaId = whatsapp.addMedia(png, 'image/png');
    await deliver(media('image', { id: mediaId, mime_type: 'image/png' }));
    const { conversation, message } = await stored();
    const url = `/conversations/${conversation.id}/messages/${message.id}/attachments/0`;

    const agent = await createMember(app.services, team, 'agent', { current: true });
    const agentFile = await (await signedIn(app.app, agent)).agent.get(url).buffer(true);
    expect(agentFile.status).toBe(200);
    expect(Buffer.from(agentFile.body as Buffer)).toEqual(png);
    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    expect((await (await signedIn(app.app, viewer)).agent.get(url)).status).toBe(200);

    const other = await createOwnedTeam(app.services, { current: true });
    const otherViewer = await createMember(app.services, other.team, 'viewer', { current: true });
    for (const user of [other.owner, otherViewer]) {
      const res = await (await signedIn(app.app, user)).agent.get(url);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('kawan-test-image');
    }
    expect((await request(app.app).get(url)).status).toBe(302);
  });
});
