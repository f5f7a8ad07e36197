/**
 * What every parser produces and the chunker reads: a document as a list of structural blocks.
 * The parsers (server/knowledge/parsers/) turn bytes into this; the chunker
 * (server/knowledge/chunker.ts) turns it into citable chunks. No I/O, no framework.
 */

/** The formats Kawan reads, detected from the content (the file name is only a hint between text kinds). */
export type DocumentFormat = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'html' | 'markdown' | 'text';

export type Block =
  /** A heading; the chunker keeps the path of open headings as each chunk's context. */
  | { kind: 'heading'; level: number; text: string; page?: number }
  /** Running text (a paragraph, a list written as markdown lines, a code block). */
  | { kind: 'paragraph'; text: string; page?: number }
  /** A table kept whole as a markdown table (split by rows, header repeated, only when too long). */
  | { kind: 'table'; header: string[]; rows: string[][]; page?: number; sheet?: string }
  /** One row of a CSV or spreadsheet, its cells labelled by the header names (row numbers are 1-based, header excluded). */
  | { kind: 'record'; fields: Array<{ label: string; value: string }>; row: number; sheet?: string }
  /** A curated question with its alternative phrasings and the answer. */
  | { kind: 'qa'; question: string; alternatives: string[]; answer: string };

export interface ParsedDocument {
  format: DocumentFormat;
  /** The document's own title (PDF metadata, HTML <title>/readability title, first H1), when it has one. */
  title?: string;
  blocks: Block[];
  /** PDF page count. */
  pages?: number;
}

/** Where a chunk comes from inside its source, shown with citations. */
export interface ChunkMeta {
  page?: number;
  /** The heading path, outermost first, joined with ' › '. */
  heading?: string;
  sheet?: string;
  row?: number;
  url?: string;
  /** Q&A chunks: the curated question. */
  question?: string;
}

/** A chunk before it is stored. */
export interface ChunkDraft {
  /** The text shown and cited. Q&A: `question\n\nanswer`. */
  content: string;
  /** Text indexed with the content but not shown as it: the heading path; for Q&A the alternative phrasings. */
  context: string;
  /** Tokens of context + content (gpt-tokenizer, o200k). */
  tokens: number;
  /** SHA-256 hex of context + '\n' + content: a refresh keeps chunks whose hash did not change. */
  contentHash: string;
  meta: ChunkMeta;
}

/**
 * A source's content could not be read: the message is shown to the user on the source, as is
 * (it names what is wrong and what to do), so it never carries a stack or an internal detail.
 */
export class SourceContentError extends Error {
  constructor(
    readonly code:
      | 'over_limit'
      | 'empty'
      | 'unsupported'
      | 'not_pdf'
      | 'encrypted'
      | 'no_text'
      | 'corrupt'
      | 'too_large'
      | 'fetch_failed'
      | 'blocked_address',
    message: string,
  ) {
    super(message);
    this.name = 'SourceContentError';
  }
}
