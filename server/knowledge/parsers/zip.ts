/**
 * A small reader over a ZIP's bytes (DOCX and XLSX are ZIPs), so a file is judged before any
 * library unpacks it: the central directory gives each part's name and declared sizes, and every
 * part is inflated once here with its declared size as a hard ceiling, so a part that lies about
 * its size cannot grow past it in the libraries that unpack it after us.
 */
import { inflateRawSync } from 'node:zlib';
import { SourceContentError } from '../document';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The ZIP's structure cannot be read. */
export class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_U32 = 0xffffffff;

export const ZIP_LIMITS = {
  /** The most a document may unpack to, all parts together. */
  totalUncompressedBytes: 200 * 1024 * 1024,
  /** A part at least this big may not expand more than `maxRatio` times. */
  ratioCheckFromBytes: 1024 * 1024,
  maxRatio: 200,
  maxEntries: 10_000,
};

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The entries listed in the central directory. Throws ZipFormatError when it cannot be read. */
export function readZipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  let count = view.getUint16(eocd + 10, true);
  let size = view.getUint32(eocd + 12, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || size === MAX_U32 || offset === MAX_U32) {
    ({ count, size, offset } = readZip64End(view, eocd));
  }
  if (offset + size > eocd || count > size / 46 + 1) throw new ZipFormatError('central directory out of bounds');

  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || view.getUint32(at, true) !== CENTRAL_HEADER)
      throw new ZipFormatError('bad central header');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    readZip64Extra(view, at + 46 + nameLength, extraLength, entry);
    if (entry.localHeaderOffset + entry.compressedSize > offset) throw new ZipFormatError('entry out of bounds');
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === EOCD && at + 22 + view.getUint16(at + 20, true) <= view.byteLength) return at;
  }
  throw new ZipFormatError('no end of central directory');
}

function readZip64End(view: DataView, eocd: number): { count: number; size: number; offset: number } {
  const locator = eocd - 20;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) throw new ZipFormatError('no zip64 locator');
  const end = toNumber(view.getBigUint64(locator + 8, true));
  if (end + 56 > locator || view.getUint32(end, true) !== ZIP64_EOCD) throw new ZipFormatError('bad zip64 end');
  return {
    count: toNumber(view.getBigUint64(end + 32, true)),
    size: toNumber(view.getBigUint64(end + 40, true)),
    offset: toNumber(view.getBigUint64(end + 48, true)),
  };
}

/** ZIP64 extra field (0x0001): the 64-bit values of the fields whose 32-bit value is 0xFFFFFFFF, in order. */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry): void {
  const end = start + length;
  for (let at = start; at + 4 <= end;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size) throw new ZipFormatError('short zip64 extra');
        const value = toNumber(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === MAX_U32) entry.uncompressedSize = next();
      if (entry.compressedSize === MAX_U32) entry.compressedSize = next();
      if (entry.localHeaderOffset === MAX_U32) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

function toNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** Entry names from the local headers, front to back: for a ZIP whose central directory is gone. */
export function scanLocalHeaderNames(bytes: Uint8Array, limit = 64): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder('utf-8');
  const names: string[] = [];
  let at = 0;
  while (names.length < limit && at + 30 <= bytes.length && view.getUint32(at, true) === LOCAL_HEADER) {
    const flags = view.getUint16(at + 6, true);
    const compressedSize = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    names.push(decoder.decode(bytes.subarray(at + 30, at + 30 + nameLength)));
    // With a data descriptor (flag bit 3) the size is not in the local header: stop there.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

/** An entry's compressed bytes, located through its local header. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) throw new ZipFormatError('bad local header');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new ZipFormatError('entry data out of bounds');
  return bytes.subarray(start, start + entry.compressedSize);
}

/** An entry's content, never more than its declared size. Throws ZipFormatError when the data does not match. */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = entryData(bytes, entry);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw new ZipFormatError('stored sizes differ');
    return data;
  }
  if (entry.method !== 8) throw new ZipFormatError(`compression method ${entry.method}`);
  try {
    // One byte over the declared size is enough to know it lied.
    const out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize + 1) });
    if (out.length !== entry.uncompressedSize) throw new ZipFormatError('size differs from the declared one');
    return out;
  } catch (error) {
    if (error instanceof ZipFormatError) throw error;
    throw new ZipFormatError('inflate failed');
  }
}

/**
 * Checks an Office file before anything unpacks it: a readable ZIP, no encrypted part, a plausible
 * size and compression ratio for every part, and every part inflating to exactly its declared size.
 * `kind` names the file in the messages ("Word document", "Excel workbook").
 */
export function guardOfficeZip(bytes: Uint8Array, kind: string): ZipEntry[] {
  const corrupt = () =>
    new SourceContentError(
      'corrupt',
      `This ${kind} is damaged and cannot be opened. Open it, save it again (or "Save as" a new file) and upload that copy.`,
    );
  let entries: ZipEntry[];
  try {
    entries = readZipEntries(bytes);
  } catch {
    throw corrupt();
  }
  if (entries.length > ZIP_LIMITS.maxEntries) throw corrupt();
  if (entries.some((entry) => entry.flags & 0x01)) {
    throw new SourceContentError(
      'encrypted',
      `This ${kind} is password-protected. Remove the password (save a copy without one) and upload it again.`,
    );
  }
  const limitMb = Math.round(ZIP_LIMITS.totalUncompressedBytes / (1024 * 1024));
  for (const entry of entries) {
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize >= ZIP_LIMITS.ratioCheckFromBytes && ratio > ZIP_LIMITS.maxRatio) {
      throw new SourceContentError(
        'corrupt',
        `This ${kind} is not a normal document: one of its parts claims to grow more than ${ZIP_LIMITS.maxRatio} times ` +
          `when unpacked (like a "zip bomb"), so Kawan does not open it. Save it again from Word or Excel and upload that copy.`,
      );
    }
  }
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > ZIP_LIMITS.totalUncompressedBytes) {
    throw new SourceContentError(
      'too_large',
      `This ${kind} unpacks to more than ${limitMb} MB, more than Kawan reads from one file. Split it into smaller files and upload them separately.`,
    );
  }
  try {
    for (const entry of entries) {
      if (!entry.name.endsWith('/')) readZipEntry(bytes, entry);
    }
  } catch {
    throw corrupt();
  }
  return entries;
}

/** The text of one small part (e.g. docProps/core.xml), or undefined when it is missing or unreadable. */
export function readZipText(bytes: Uint8Array, entries: ZipEntry[], name: string): string | undefined {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) return undefined;
  try {
    return new TextDecoder('utf-8').decode(readZipEntry(bytes, entry));
  } catch {
    return undefined;
  }
}
