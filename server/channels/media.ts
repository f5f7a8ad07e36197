/**
 * Files customers send (a WhatsApp image, voice note or document). The message keeps what the
 * webhook said of each at once; the `channel.media` job (server/channels/fetch-media.ts) downloads
 * it through the channel's adapter and writes it to the private disk, DATA_DIR/app/private, never
 * the public `/storage` one: `media/<team id>/<sha256>`, so the same bytes are one file. Team
 * members read it through `conversations.messages.attachment`
 * (server/domain/conversations/message-attachments.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../config/env';
import type { InboundAttachment, InboundKind, InboundMessage } from './driver';

export const mediaJob = 'channel.media';

/** An attachment as a message row keeps it: the webhook's metadata, then where the file went or why not. */
export interface StoredAttachment extends InboundAttachment {
  /** The file's path on the private disk (`media/<team id>/<sha256>`), once downloaded. */
  stored?: string;
  /** Why the file was not kept (a final failure). */
  error?: string;
  /** A voice note's words, once transcribed (empty: nothing said). */
  transcript?: string;
  /** Why a voice note could not be transcribed (a final failure). */
  transcriptError?: string;
}

export type AttachmentStatus = 'pending' | 'stored' | 'failed';

/** What a failed attachment says when its channel keeps no files. */
export const notFetchedReason = 'Files from this channel are not downloaded.';

/** Files only members may read: not served by the `/storage` route. */
export const privateDisk = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'app', 'private');

const storedPattern = /^media\/([0-9]+)\/[0-9a-f]{64}$/;

/** The path on the private disk of a file of the team with this content hash. */
export function mediaPath(teamId: number, sha256: string): string {
  return `media/${teamId}/${sha256}`;
}

/** Whether `path` is a media file of this team (a row's `stored` is never trusted as a path blindly). */
export function isTeamMediaPath(path: unknown, teamId: number): path is string {
  const match = typeof path === 'string' ? storedPattern.exec(path) : null;
  return match !== null && Number(match[1]) === teamId;
}

/**
 * What a file is shown as: a picture, a player or a download. SVG is a download: it is a document
 * that can hold script, not a picture.
 */
export function mediaKind(mime: string | undefined): 'image' | 'audio' | 'video' | 'file' {
  const type = mime?.toLowerCase().split('/')[0];
  if (!mime || mime.toLowerCase().startsWith('image/svg')) return 'file';
  return type === 'image' || type === 'audio' || type === 'video' ? type : 'file';
}

/** Whether the job still has to download the attachment. */
export function awaitingFetch(attachment: StoredAttachment): boolean {
  return Boolean(attachment.providerMediaId) && !attachment.stored && !attachment.error;
}

export function attachmentStatus(attachment: StoredAttachment): AttachmentStatus {
  if (attachment.stored) return 'stored';
  return awaitingFetch(attachment) ? 'pending' : 'failed';
}

/**
 * The attachments of a new message as stored: a file already written (a widget visitor's upload)
 * as it is; a channel that downloads files keeps them as read (the job fetches them); on any other,
 * each is marked as not kept, so none waits forever.
 */
export function attachmentsToStore(attachments: StoredAttachment[], fetches: boolean): StoredAttachment[] {
  return attachments.map((attachment) =>
    attachment.stored || (fetches && attachment.providerMediaId)
      ? { ...attachment }
      : { ...attachment, error: notFetchedReason },
  );
}

/**
 * Writes the bytes as `media/<team>/<sha256>` on the private disk: its path and hash. Atomic (a
 * temporary file renamed into place), so a reader never sees half a file; the same content is
 * the same file, written once.
 */
export async function writeMedia(
  config: Pick<Config, 'dataDir'>,
  teamId: number,
  bytes: Buffer,
): Promise<{ path: string; sha256: string }> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const path = mediaPath(teamId, sha256);
  const file = join(privateDisk(config), path);
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isFile() && existing.size === bytes.length) {
    // Used again: touched, so that the sweep of unreferenced files (media-sweep.ts) gives it its grace
    // period before the message that now names it is committed.
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return { path, sha256 };
  }
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return { path, sha256 };
}

const previewWords: Partial<Record<InboundKind, string>> = {
  image: '📷 Photo',
  audio: '🎤 Voice message',
  video: '🎬 Video',
  location: '📍 Location',
  sticker: 'Sticker',
};

/**
 * What the inbox's list shows for a message: its words, or else what it is ("📷 Photo", "📎
 * invoice.pdf" for a file with its name), so that a row never reads "[image]".
 */
export function messagePreview(message: Pick<InboundMessage, 'text' | 'kind' | 'attachments'>): string {
  if (message.text?.trim()) return message.text;
  const name = message.attachments[0]?.name;
  if (message.kind === 'file') return `📎 ${name || 'File'}`;
  return previewWords[message.kind] ?? `[${message.kind}]`;
}
