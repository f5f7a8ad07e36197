/**
 * The headers of a file someone else made (a customer's upload): shown in place only when it is a
 * picture, a recording or a video; anything else downloads under its own name. Nothing in it can
 * run: no sniffing, and a policy that allows nothing should it be opened as a document.
 */
import type { Response } from 'express';
import { mediaKind } from '../channels/media';
import { NotFoundError } from '../support/errors';

/** `type/subtype` as RFC 6838 allows it; parameters (charset…) are dropped. */
const mimePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** A MIME type fit for Content-Type, or application/octet-stream. */
export function safeMime(mime: string | undefined): string {
  const bare = mime?.split(';')[0].trim().toLowerCase() ?? '';
  return mimePattern.test(bare) ? bare : 'application/octet-stream';
}

/** A file name without folders, control characters or surrounding space (at most 200 characters). */
export function cleanName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return [...base.replace(/[\u0000-\u001f\u007f]/g, '').trim()].slice(0, 200).join('');
}

/** RFC 5987's attr-char: what `encodeURIComponent` leaves alone, less ' ( ) * ! */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `inline`, or `attachment` with the file's name (RFC 6266): a plain ASCII `filename` for old
 * clients and the exact name as `filename*=UTF-8''…` (RFC 5987).
 */
export function contentDisposition(type: 'inline' | 'attachment', name?: string | null): string {
  const clean = name ? cleanName(name) : '';
  if (!clean) return type;
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(clean)}`;
}

/**
 * The headers of a file Kawan writes for the user to download (an export, a transcript): its type in
 * UTF-8, an attachment under `filename` (plain ASCII, which Kawan chooses), never cached or sniffed.
 */
export function downloadHeaders(type: 'text/csv' | 'text/plain', filename: string): Record<string, string> {
  return {
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** The headers of a stored customer file (the body is the file itself). */
export function fileHeaders(
  file: { mime?: string | null; name?: string | null },
  maxAgeSeconds: number,
): Record<string, string> {
  const mime = safeMime(file.mime ?? undefined);
  const inline = mediaKind(mime) !== 'file';
  return {
    'Content-Type': mime,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.name),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': `private, max-age=${maxAgeSeconds}`,
    'Content-Security-Policy': "default-src 'none'",
  };
}

/** How long a browser may keep a stored file without asking again. */
const storedFileMaxAgeSeconds = 600;

/**
 * Sends a stored customer file with `fileHeaders` (ranges answered, so a player can seek). A file
 * gone from the disk is a 404, and the error page is a page again, not the customer's file.
 */
export async function sendStoredFile(
  res: Response,
  file: { root: string; path: string; mime?: string | null; name?: string | null },
): Promise<void> {
  const headers = fileHeaders(file, storedFileMaxAgeSeconds);
  res.set(headers);
  await new Promise<void>((resolve, reject) => {
    res.sendFile(file.path, { root: file.root, cacheControl: false }, (error) => {
      if (!error || res.headersSent) return resolve();
      for (const name of Object.keys(headers)) res.removeHeader(name);
      reject((error as NodeJS.ErrnoException).code === 'ENOENT' ? new NotFoundError() : error);
    });
  });
}
