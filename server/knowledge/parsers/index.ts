/**
 * The knowledge pipeline's entry to its parsers: bytes (an upload) or text (a fetched page) in,
 * a ParsedDocument of clean, non-empty blocks out, or a SourceContentError whose message is shown
 * to the user as is. The format comes from the content (./detect).
 */
import { SourceContentError, type ParsedDocument } from '../document';
import { parseCsv } from './csv';
import { sniff } from './detect';
import { parseDocx } from './docx';
import { parseHtmlDocument, type HtmlOptions } from './html';
import { parseMarkdown } from './markdown';
import { cleanInline, isBlank, tidyBlocks } from './normalize';
import { parsePdf } from './pdf';
import { parsePlainText } from './text';
import { parseXlsx } from './xlsx';

export interface ParseFileOptions {
  /** The uploaded file's name: a hint between text kinds, and how a fake .pdf is caught. */
  filename?: string;
  /** Larger files are refused before they are read. */
  maxBytes: number;
}

export async function parseFile(bytes: Uint8Array, options: ParseFileOptions): Promise<ParsedDocument> {
  if (bytes.length > options.maxBytes) {
    throw new SourceContentError(
      'too_large',
      `This file is ${megabytes(bytes.length)} MB; the limit is ${megabytes(options.maxBytes)} MB. Split it into smaller files and upload them separately.`,
    );
  }
  if (bytes.length === 0) throw emptyFile();
  const { format, text } = sniff(bytes, options.filename);
  if (text !== undefined && isBlank(text)) throw emptyFile();
  switch (format) {
    case 'pdf':
      return finish(await parsePdf(bytes), emptyFile);
    case 'docx':
      return finish(await parseDocx(bytes), emptyFile);
    case 'xlsx':
      return finish(await parseXlsx(bytes), emptyFile);
    case 'csv':
      return finish(parseCsv(text ?? ''), emptyFile);
    case 'html':
      return finish(parseHtmlDocument(text ?? ''), emptyFile);
    case 'markdown':
    case 'text':
      return finish(parseTextAs(text ?? '', format), emptyFile);
  }
}

/** Text already in hand (pasted, or fetched as text/plain or text/markdown). */
export function parseText(text: string, format: 'markdown' | 'text'): ParsedDocument {
  return finish(parseTextAs(text, format), () => new SourceContentError('empty', 'This text is empty.'));
}

/** A fetched web page; `url` resolves its relative links. */
export function parseHtml(html: string, options: HtmlOptions = {}): ParsedDocument {
  return finish(
    parseHtmlDocument(html, options),
    () =>
      new SourceContentError(
        'empty',
        'This page has no text Kawan can read. If its content is drawn by JavaScript or behind a login, copy the text into a file and upload that instead.',
      ),
  );
}

function parseTextAs(text: string, format: 'markdown' | 'text'): ParsedDocument {
  return format === 'markdown' ? parseMarkdown(text) : parsePlainText(text);
}

/** Every document leaves clean: tidy blocks, a trimmed title, and at least one block. */
function finish(document: ParsedDocument, empty: () => SourceContentError): ParsedDocument {
  const blocks = tidyBlocks(document.blocks);
  if (blocks.length === 0) throw empty();
  const title = document.title === undefined ? '' : cleanInline(document.title);
  const { title: _ignored, ...rest } = document;
  return { ...rest, ...(title ? { title } : {}), blocks };
}

function emptyFile(): SourceContentError {
  return new SourceContentError('empty', 'This file is empty: it has no text to read.');
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}
