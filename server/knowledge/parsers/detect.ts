/**
 * Which format a file is, from its content. The name only chooses between text kinds (a .csv or
 * .md name is believed when the content is text) and catches a file that claims to be a PDF.
 */
import Papa from 'papaparse';
import { SourceContentError, type DocumentFormat } from '../document';
import { decodeText } from './text-decoding';
import { isZip, readZipEntries, scanLocalHeaderNames } from './zip';

export const SUPPORTED_TYPES = 'PDF, Word (.docx), Excel (.xlsx), CSV, TXT, Markdown and HTML';

export function unsupportedMessage(what = 'This file type'): string {
  return `${what} is not supported. Kawan reads ${SUPPORTED_TYPES} files.`;
}

export function detectFormat(bytes: Uint8Array, filename?: string): DocumentFormat {
  return sniff(bytes, filename).format;
}

/** The format and, for the text formats, the decoded text (so it is decoded once). */
export function sniff(bytes: Uint8Array, filename?: string): { format: DocumentFormat; text?: string } {
  const extension = extensionOf(filename);
  if (bytes.length === 0) throw new SourceContentError('empty', 'This file is empty.');
  if (isPdf(bytes)) return { format: 'pdf' };
  if (extension === 'pdf') {
    throw new SourceContentError(
      'not_pdf',
      `This file is named .pdf but is not a PDF (${describeContent(bytes)}). Export it as a PDF again, or upload it with its real file type.`,
    );
  }
  if (isZip(bytes)) return { format: officeFormat(bytes, filename) };
  if (isOle(bytes)) throw oleError(bytes);

  const text = decodeText(bytes);
  if (text === null) throw new SourceContentError('unsupported', unsupportedMessage(describeBinary(bytes)));
  return { format: textFormat(text, extension), text };
}

function extensionOf(filename?: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(filename?.trim() ?? '');
  return match ? match[1].toLowerCase() : '';
}

function isPdf(bytes: Uint8Array): boolean {
  // The header may follow a little junk; readers accept it within the first 1024 bytes.
  return indexOfAscii(bytes.subarray(0, 1024), '%PDF-') >= 0;
}

function indexOfAscii(bytes: Uint8Array, needle: string): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, 0, 'latin1');
}

function officeFormat(bytes: Uint8Array, filename?: string): DocumentFormat {
  let names: string[];
  let damaged = false;
  try {
    names = readZipEntries(bytes).map((entry) => entry.name);
  } catch {
    damaged = true;
    names = scanLocalHeaderNames(bytes);
    if (names.length === 0) {
      throw new SourceContentError(
        'corrupt',
        'This file is a damaged ZIP archive and cannot be opened. Save or export it again and upload that copy.',
      );
    }
  }
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  if (names.includes('xl/workbook.bin')) {
    throw new SourceContentError(
      'unsupported',
      `Excel binary workbooks (.xlsb) are not supported. Save it as .xlsx in Excel and upload that. Kawan reads ${SUPPORTED_TYPES} files.`,
    );
  }
  // Cut short (its directory is gone): the name says what it was meant to be.
  const extension = extensionOf(filename);
  if (damaged && (extension === 'docx' || extension === 'xlsx')) {
    const kind = extension === 'docx' ? 'Word document' : 'Excel workbook';
    throw new SourceContentError(
      'corrupt',
      `This ${kind} is damaged and cannot be opened. Open it, save it again (or "Save as" a new file) and upload that copy.`,
    );
  }
  if (names.some((name) => name.startsWith('ppt/'))) {
    throw new SourceContentError(
      'unsupported',
      `PowerPoint files are not supported. Save it as PDF and upload that. Kawan reads ${SUPPORTED_TYPES} files.`,
    );
  }
  if (names.includes('mimetype') && names.includes('content.xml')) {
    throw new SourceContentError(
      'unsupported',
      `OpenDocument files (.odt, .ods) are not supported. Save it as .docx, .xlsx or PDF and upload that. Kawan reads ${SUPPORTED_TYPES} files.`,
    );
  }
  throw new SourceContentError('unsupported', unsupportedMessage('A ZIP archive'));
}

/** Microsoft's older compound file: .doc, .xls, or a password-protected .docx/.xlsx. */
function isOle(bytes: Uint8Array): boolean {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return magic.every((byte, i) => bytes[i] === byte);
}

function oleError(bytes: Uint8Array): SourceContentError {
  if (indexOfAscii(bytes, Buffer.from('EncryptedPackage', 'utf16le').toString('latin1')) >= 0) {
    return new SourceContentError(
      'encrypted',
      'This Office document is password-protected. Remove the password (save a copy without one) and upload it again.',
    );
  }
  return new SourceContentError(
    'unsupported',
    `Old Word and Excel files (.doc, .xls) are not supported. Save it as .docx or .xlsx and upload that. Kawan reads ${SUPPORTED_TYPES} files.`,
  );
}

const BINARY_KINDS: Array<[number[], string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'A PNG image'],
  [[0xff, 0xd8, 0xff], 'A JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'A GIF image'],
  [[0x52, 0x49, 0x46, 0x46], 'An audio, video or image file'],
  [[0x1f, 0x8b], 'A gzip archive'],
  [[0x52, 0x61, 0x72, 0x21], 'A RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'A 7z archive'],
  [[0x7b, 0x5c, 0x72, 0x74, 0x66], 'A Rich Text (.rtf) file'],
];

function describeBinary(bytes: Uint8Array): string {
  return BINARY_KINDS.find(([magic]) => magic.every((byte, i) => bytes[i] === byte))?.[1] ?? 'This file type';
}

function describeContent(bytes: Uint8Array): string {
  if (isZip(bytes)) return 'it is a ZIP or Office file';
  if (decodeText(bytes) !== null) return 'it is a text file';
  const kind = describeBinary(bytes);
  return kind === 'This file type'
    ? 'its content is something else'
    : `it is ${kind.replace(/^An? /, (a) => a.toLowerCase())}`;
}

const HTML_START = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;
const BLOCK_TAG = /<(?:p|div|h[1-6]|table|ul|ol|li|section|article|br)[\s/>]/gi;

function textFormat(text: string, extension: string): DocumentFormat {
  const head = text.slice(0, 8192);
  if (HTML_START.test(head)) return 'html';
  if (extension === 'md' || extension === 'markdown') return 'markdown';
  if (extension === 'csv' || extension === 'tsv') return 'csv';
  if (extension === 'html' || extension === 'htm') return 'html';
  if (/<html[\s>]|<body[\s>]/i.test(head) || ((head.match(BLOCK_TAG)?.length ?? 0) >= 3 && looksTagged(head)))
    return 'html';
  if (extension !== 'txt' && looksDelimited(head)) return 'csv';
  if (/^#{1,6}[ \t]+\S/m.test(head) || /^\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$/m.test(head))
    return 'markdown';
  return 'text';
}

/** Markup makes up a fair share of the text (not prose that mentions a tag or two). */
function looksTagged(head: string): boolean {
  const tags = head.match(/<\/?[a-z][^>]*>/gi) ?? [];
  return tags.join('').length / head.length > 0.1;
}

/** At least three rows with the same number of columns (two or more) for one delimiter, under a header. */
function looksDelimited(head: string): boolean {
  const sample = head.length === 8192 ? head.slice(0, head.lastIndexOf('\n')) : head;
  for (const delimiter of [',', ';', '\t']) {
    const rows = Papa.parse<string[]>(sample, { delimiter, skipEmptyLines: 'greedy', preview: 20 }).data;
    if (rows.length < 3) continue;
    const width = rows[0].length;
    // The first row names the columns: none of its cells is empty (tab-indented text is not a table).
    if (width < 2 || rows.some((row) => row.length !== width) || rows[0].some((cell) => !cell.trim())) continue;
    if (delimiter !== ',' || width >= 3) return true;
    // Prose with one comma a line is not a table: a table's cells hold a few words.
    const cells = rows.flat();
    const words = cells.reduce((sum, cell) => sum + cell.trim().split(/\s+/).length, 0) / cells.length;
    if (words <= 4) return true;
  }
  return false;
}
