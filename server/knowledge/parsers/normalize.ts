/**
 * Whitespace and character hygiene shared by every parser, and the last pass over a document's
 * blocks: text is NFC, has no NULs or control characters (PostgreSQL rejects NUL), no runs of
 * spaces, and no block is empty.
 */
import type { Block } from '../document';

// C0 controls except tab and newline, DEL, C1 controls, and invisible characters that only get
// in the way of search (zero-width space, soft hyphen, BOM, word joiner, lone surrogates).
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B\u2060\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPACES = /[ \t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+/g;

function scrub(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/\f/g, '\n\n')
    .replace(INVISIBLE, '');
}

/** One line: every run of whitespace (newlines included) becomes one space; trimmed. */
export function cleanInline(text: string): string {
  return scrub(text).replace(/\s+/g, ' ').replace(SPACES, ' ').trim();
}

/**
 * Several lines: spaces collapsed and trimmed per line, at most one blank line in a row, none at
 * the ends. `keepIndent` keeps each line's leading spaces (nested list items).
 */
export function cleanLines(text: string, options: { keepIndent?: boolean } = {}): string {
  const lines = scrub(text)
    .split('\n')
    .map((line) => {
      const indent = options.keepIndent ? (/^[ \t]*/.exec(line)?.[0] ?? '').replace(/\t/g, '  ') : '';
      const body = line.replace(SPACES, ' ').trim();
      return body ? indent + body : '';
    });
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** Code keeps its spacing: only control characters and trailing spaces go. */
export function cleanCode(text: string): string {
  return scrub(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

/** True when the text has nothing but whitespace and invisible characters (a quick scan, no copy). */
export function isBlank(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[^\s\u0000-\u001F\u007F-\u009F\u00AD\u200B\u2060\uFEFF]/.test(text);
}

function cleanParagraph(text: string): string {
  if (text.trimStart().startsWith('```')) return cleanCode(text);
  // List lines keep their nesting; prose lines are trimmed.
  return cleanLines(text, { keepIndent: /^\s*(?:[-*+]|\d+[.)])\s/m.test(text) });
}

/** Cleans every text in the blocks and drops what is left empty (a table loses its empty rows and columns). */
export function tidyBlocks(blocks: Block[]): Block[] {
  const tidy: Block[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading': {
        const text = cleanInline(block.text);
        if (text) tidy.push({ ...block, level: Math.min(6, Math.max(1, Math.round(block.level))), text });
        break;
      }
      case 'paragraph': {
        const text = cleanParagraph(block.text);
        if (text) tidy.push({ ...block, text });
        break;
      }
      case 'table': {
        const table = tidyTable(block);
        if (table) tidy.push(table);
        break;
      }
      case 'record': {
        const fields = block.fields
          .map((field) => ({ label: cleanInline(field.label), value: cleanLines(field.value) }))
          .filter((field) => field.value !== '');
        if (fields.length > 0) tidy.push({ ...block, fields });
        break;
      }
      case 'qa': {
        const question = cleanInline(block.question);
        const answer = cleanLines(block.answer);
        if (question && answer) {
          const alternatives = block.alternatives.map(cleanInline).filter(Boolean);
          tidy.push({ ...block, question, answer, alternatives });
        }
        break;
      }
    }
  }
  return tidy;
}

type TableBlock = Extract<Block, { kind: 'table' }>;

function tidyTable(table: TableBlock): Block | null {
  const width = Math.max(table.header.length, ...table.rows.map((row) => row.length));
  const pad = (cells: string[]) => Array.from({ length: width }, (_, i) => cleanInline(cells[i] ?? ''));
  let header = pad(table.header);
  let rows = table.rows.map(pad).filter((row) => row.some(Boolean));
  const used = header.map((_, i) => header[i] !== '' || rows.some((row) => row[i] !== ''));
  header = header.filter((_, i) => used[i]);
  rows = rows.map((row) => row.filter((_, i) => used[i]));
  if (header.length === 0) return null;
  if (!header.some(Boolean)) {
    // A table without header text: its first row names the columns.
    if (rows.length === 0) return null;
    header = rows[0];
    rows = rows.slice(1);
  }
  if (rows.length === 0) {
    // One row is a line of text laid out in cells, not a table.
    const text = header.filter(Boolean).join(' ');
    return { kind: 'paragraph', text, ...(table.page !== undefined ? { page: table.page } : {}) };
  }
  return { ...table, header, rows };
}
