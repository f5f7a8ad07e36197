import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  attachmentStatus,
  attachmentsToStore,
  awaitingFetch,
  isTeamMediaPath,
  mediaKind,
  mediaPath,
  messagePreview,
  notFetchedReason,
  privateDisk,
  writeMedia,
} from '../../../server/channels/media';
import { channelAdapter } from '../../../server/channels/adapters';
import { callbackQueryId } from '../../../server/channels/telegram/webhook';
import { presentAttachment } from '../../../server/presenters/conversation-presenter';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('what a stored attachment is', () => {
  it('waits for its file only while it has a media id and neither a file nor an error', () => {
    expect(awaitingFetch({ providerMediaId: '1' })).toBe(true);
    expect(awaitingFetch({ providerMediaId: '1', stored: 'media/1/ab' })).toBe(false);
    expect(awaitingFetch({ providerMediaId: '1', error: 'gone' })).toBe(false);
    expect(awaitingFetch({ url: 'https://example.com/a.png' })).toBe(false);
    expect(attachmentStatus({ providerMediaId: '1' })).toBe('pending');
    expect(attachmentStatus({ providerMediaId: '1', stored: 'media/1/ab' })).toBe('stored');
    expect(attachmentStatus({ providerMediaId: '1', error: 'gone' })).toBe('failed');
    expect(attachmentStatus({ mime: 'image/png' })).toBe('failed');
  });

  it('is kept as read on a channel that downloads files, and marked not kept on one that does not', () => {
    const read = [{ providerMediaId: 'm1', mime: 'image/jpeg' }, { mime: 'image/png' }];
    expect(attachmentsToStore(read, true)).toEqual([
      { providerMediaId: 'm1', mime: 'image/jpeg' },
      { mime: 'image/png', error: notFetchedReason },
    ]);
    expect(attachmentsToStore(read, false).every((attachment) => attachment.error === notFetchedReason)).toBe(true);
    expect(attachmentsToStore([], true)).toEqual([]);
  });

  it('is shown as a picture, a player or a download; SVG and unknown types download', () => {
    expect(mediaKind('image/jpeg')).toBe('image');
    expect(mediaKind('IMAGE/WEBP')).toBe('image');
    expect(mediaKind('audio/ogg; codecs=opus')).toBe('audio');
    expect(mediaKind('video/mp4')).toBe('video');
    expect(mediaKind('image/svg+xml')).toBe('file');
    expect(mediaKind('text/html')).toBe('file');
    expect(mediaKind('application/pdf')).toBe('file');
    expect(mediaKind(undefined)).toBe('file');
  });

  it('names a file of its own team only, by its content hash', () => {
    const hash = sha(Buffer.from('x'));
    expect(mediaPath(7, hash)).toBe(`media/7/${hash}`);
    expect(isTeamMediaPath(`media/7/${hash}`, 7)).toBe(true);
    expect(isTeamMediaPath(`media/7/${hash}`, 8)).toBe(false);
    expect(isTeamMediaPath(`media/17/${hash}`, 7)).toBe(false);
    expect(isTeamMediaPath(`media/7/../../8/${hash}`, 7)).toBe(false);
    expect(isTeamMediaPath(`/etc/passwd`, 7)).toBe(false);
    expect(isTeamMediaPath(`media/7/${hash.toUpperCase()}`, 7)).toBe(false);
    expect(isTeamMediaPath(undefined, 7)).toBe(false);
  });
});

describe('messagePreview', () => {
  it('shows the words, or else what the message is, never "[image]"', () => {
    const of = (kind: Parameters<typeof messagePreview>[0]['kind'], text: string | null, name?: string) =>
      messagePreview({ kind, text, attachments: name ? [{ name }] : [] });
    expect(of('image', 'Ini fotonya')).toBe('Ini fotonya');
    expect(of('image', null)).toBe('📷 Photo');
    expect(of('image', '  ')).toBe('📷 Photo');
    expect(of('audio', null)).toBe('🎤 Voice message');
    expect(of('file', null, 'invoice.pdf')).toBe('📎 invoice.pdf');
    expect(of('file', null)).toBe('📎 File');
    expect(of('location', null)).toBe('📍 Location');
    expect(of('unsupported', null)).toBe('[unsupported]');
  });
});

describe('presentAttachment', () => {
  const url = () => '/conversations/1/messages/2/attachments/0';

  it('gives the page what the file is and where Kawan serves it, never the provider id or address', () => {
    const shown = presentAttachment(
      {
        providerMediaId: '1234567890',
        url: 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1234567890',
        mime: 'application/pdf',
        name: 'Invoice.pdf',
        size: 2048,
        sha256: 'ab'.repeat(32),
        stored: `media/1/${'ab'.repeat(32)}`,
      },
      url,
    );
    expect(shown).toEqual({
      kind: 'file',
      mime: 'application/pdf',
      name: 'Invoice.pdf',
      size: 2048,
      status: 'stored',
      url: url(),
      error: null,
      transcribed: false,
    });
    expect(JSON.stringify(shown)).not.toMatch(/1234567890|lookaside|media\/1/);
    // A voice note's words are the message's text; the page only hears that they were transcribed.
    const heard = presentAttachment({ mime: 'audio/ogg', stored: 'media/1/x', transcript: 'Halo kak' }, url);
    expect(heard).toMatchObject({ kind: 'audio', transcribed: true });
    expect(JSON.stringify(heard)).not.toContain('Halo kak');
  });

  it('has no address while pending or failed, and says why it failed', () => {
    expect(presentAttachment({ providerMediaId: '1', mime: 'image/png' }, url)).toMatchObject({
      kind: 'image',
      status: 'pending',
      url: null,
      error: null,
    });
    expect(presentAttachment({ providerMediaId: '1', error: 'The media is larger than 16 MB' }, url)).toMatchObject({
      status: 'failed',
      url: null,
      error: 'The media is larger than 16 MB',
    });
    expect(presentAttachment({ mime: 'image/png' }, url)).toMatchObject({ status: 'failed', url: null });
  });
});

describe('writeMedia', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the bytes once under the team and their hash on the private disk, leaving no temporary file', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kawan-media-'));
    const config = { dataDir };
    const bytes = Buffer.from('a voice note');
    const first = await writeMedia(config, 3, bytes);
    expect(first).toEqual({ path: `media/3/${sha(bytes)}`, sha256: sha(bytes) });
    const file = join(privateDisk(config), first.path);
    expect(file).toBe(join(dataDir, 'app', 'private', 'media', '3', sha(bytes)));
    expect(readFileSync(file)).toEqual(bytes);
    const written = statSync(file);

    // The same bytes again: not written again (the same inode, no temporary file), only touched,
    // so that the sweep of unreferenced files gives it a new grace period.
    expect(await writeMedia(config, 3, Buffer.from(bytes))).toEqual(first);
    expect(statSync(file).ino).toBe(written.ino);
    expect(statSync(file).mtimeMs).toBeGreaterThanOrEqual(written.mtimeMs);
    expect(readdirSync(join(dataDir, 'app', 'private', 'media', '3'))).toEqual([sha(bytes)]);

    const other = await writeMedia(config, 4, bytes);
    expect(other.path).toBe(`media/4/${sha(bytes)}`);
  });
});

describe('acknowledging a Telegram button tap', () => {
  it('reads the callback query id of a tap only', () => {
    expect(callbackQueryId({ kind: 'interactive', externalId: 'callback:4382bfdwdsb323b2d9' })).toBe(
      '4382bfdwdsb323b2d9',
    );
    expect(callbackQueryId({ kind: 'interactive', externalId: 'callback:' })).toBeUndefined();
    expect(callbackQueryId({ kind: 'text', externalId: 'callback:1' })).toBeUndefined();
    expect(callbackQueryId({ kind: 'interactive', externalId: '42:17' })).toBeUndefined();
  });

  const env = {
    whatsappGraphUrl: 'http://127.0.0.1:9/v21.0',
    telegramApiUrl: 'http://127.0.0.1:9',
    timeoutMs: 1000,
    allowPrivateUrls: false,
    widgetSend: async () => ({ externalIds: [] as string[] }),
  };
  const adapter = (type: 'web' | 'whatsapp' | 'telegram' | 'webhook') =>
    channelAdapter({ id: 1, type, publicKey: 'k', settings: {}, secrets: {} }, env);

  it('is the Telegram adapter’s alone; only WhatsApp’s fetches media', () => {
    expect(adapter('telegram').acknowledge).toBeTypeOf('function');
    expect(adapter('telegram').fetchMedia).toBeUndefined();
    expect(adapter('whatsapp').fetchMedia).toBeTypeOf('function');
    for (const type of ['whatsapp', 'web', 'webhook'] as const) expect(adapter(type).acknowledge).toBeUndefined();
  });
});
