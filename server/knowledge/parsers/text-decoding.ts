/**
 * Bytes → text for the text formats (TXT, Markdown, CSV, HTML), or null when the bytes are not text.
 * A BOM decides the encoding (UTF-8, UTF-16 LE/BE). Without one the bytes must be valid UTF-8;
 * bytes that are not (a CSV saved by an older Excel "CSV (Comma delimited)" is Windows-1252) are
 * read as Windows-1252 when they otherwise look like text: no NUL, almost no control bytes.
 */

const MAX_CONTROL_SHARE = 0.005;

export function decodeText(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0) || controlShare(bytes) > MAX_CONTROL_SHARE) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

// 0x80–0x9F in Windows-1252 (Node's TextDecoder reads that label as Latin-1, where they are controls).
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) => (byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte)),
    );
  }
  return text;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** The share of bytes that are control characters other than tab, newline, form feed and carriage return. */
function controlShare(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let controls = 0;
  for (const byte of bytes) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f) controls++;
  }
  return controls / bytes.length;
}
