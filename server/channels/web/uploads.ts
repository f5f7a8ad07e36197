import type { Config } from '../../config/env';
import { isZip, readZipEntries } from '../../knowledge/parsers/zip';
import { decodeText } from '../../knowledge/parsers/text-decoding';
import { cleanName } from '../../http/file-headers';
import { ValidationError } from '../../support/errors';
import { writeMedia, type StoredAttachment } from '../media';

/**
 * What a widget visitor may send as a file, read from its bytes (never from the name or the type the
 * browser claims): pictures (JPEG, PNG, GIF, WebP), PDFs, Word and Excel files, and text. A name
 * whose extension says one of these kinds must match the content, so that "invoice.pdf" is a PDF
 * (one picture type for another, or text for text, is let through).
 */

export interface DetectedUpload {
  mime: string;
  /** A picture is shown in the chat; anything else is a file to download. */
  kind: 'image' | 'file';
}

export const uploadKindsText = 'a picture (JPEG, PNG, GIF or WebP), a PDF, a Word or Excel file, or a text file';

const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The type each known extension claims; a name with one of them must hold that type. */
const claimed: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx,
  xlsx,
  txt: 'text/plain',
  csv: 'text/csv',
};

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

function contentType(bytes: Uint8Array, extension: string): string | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (isZip(bytes)) {
    let names: string[];
    try {
      names = readZipEntries(bytes).map((entry) => entry.name);
    } catch {
      return undefined;
    }
    if (names.includes('word/document.xml')) return docx;
    if (names.includes('xl/workbook.xml')) return xlsx;
    return undefined;
  }
  if (decodeText(bytes) === null) return undefined;
  return extension === 'csv' ? 'text/csv' : 'text/plain';
}

/**
 * The file's type from its bytes, or the reason it is refused (in the server's words; the widget
 * checks size and kind first in its own).
 */
export function detectUpload(bytes: Uint8Array, name: string): DetectedUpload | { refused: string } {
  if (bytes.length === 0) return { refused: 'The file is empty.' };
  const extension = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1].toLowerCase() ?? '';
  const mime = contentType(bytes, extension);
  if (!mime) return { refused: `This kind of file cannot be sent here. Send ${uploadKindsText}.` };
  // A picture saved under another picture's extension (a PNG called .jpg) is common and harmless.
  const family = (type: string) => (type.startsWith('image/') || type.startsWith('text/') ? type.split('/')[0] : type);
  const named = claimed[extension];
  if (named && family(named) !== family(mime))
    return { refused: `The file is named .${extension} but is not one. Send it with its real file type.` };
  return { mime, kind: mime.startsWith('image/') ? 'image' : 'file' };
}

/**
 * A file a visitor or an agent sends, checked by its bytes (a 422 on `file` when refused) and
 * written to the private disk: the attachment its message keeps, and whether it is a picture.
 */
export async function storeUpload(
  config: Pick<Config, 'dataDir'>,
  teamId: number,
  bytes: Buffer,
  rawName: string,
): Promise<{ attachment: StoredAttachment; kind: DetectedUpload['kind'] }> {
  const name = cleanName(rawName) || 'file';
  const detected = detectUpload(bytes, name);
  if ('refused' in detected) throw new ValidationError({ file: detected.refused });
  const { path, sha256 } = await writeMedia(config, teamId, bytes);
  return { attachment: { mime: detected.mime, size: bytes.length, name, sha256, stored: path }, kind: detected.kind };
}

/** What a WhatsApp template's media header takes (Meta's types and limits for template headers). */
const headerKinds = {
  image: { mimes: ['image/jpeg', 'image/png'], words: 'a JPEG or PNG picture', maxBytes: 5 * 1024 * 1024 },
  document: { mimes: ['application/pdf'], words: 'a PDF', maxBytes: 100 * 1024 * 1024 },
  video: { mimes: ['video/mp4', 'video/3gpp'], words: 'an MP4 or 3GP video', maxBytes: 16 * 1024 * 1024 },
} as const;

/** An MP4 or 3GP file: an ISO media file whose first box is `ftyp`, by its major brand. */
function videoType(bytes: Uint8Array): string | undefined {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return undefined;
  return startsWith(bytes, ascii('3g'), 8) ? 'video/3gpp' : 'video/mp4';
}

/**
 * The file of a WhatsApp template's media header, checked against what the header shows (a 422 on
 * `file` otherwise) and written to the private disk as a reply's file is.
 */
export async function storeTemplateHeader(
  config: Pick<Config, 'dataDir'>,
  teamId: number,
  bytes: Buffer,
  rawName: string,
  media: keyof typeof headerKinds,
): Promise<StoredAttachment> {
  const kind = headerKinds[media];
  const name = cleanName(rawName) || 'file';
  const detected = media === 'video' ? videoType(bytes) : contentType(bytes, '');
  if (!detected || !(kind.mimes as readonly string[]).includes(detected)) {
    throw new ValidationError({ file: `This template's header shows ${kind.words}: choose one.` });
  }
  if (bytes.length > kind.maxBytes) {
    throw new ValidationError({
      file: `WhatsApp takes ${kind.words} of at most ${kind.maxBytes / 1024 / 1024} MB in a template's header.`,
    });
  }
  const { path, sha256 } = await writeMedia(config, teamId, bytes);
  return { mime: detected, size: bytes.length, name, sha256, stored: path };
}
