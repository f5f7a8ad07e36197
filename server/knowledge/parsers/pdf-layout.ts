/**
 * PDF text items (positioned strings) → lines → blocks. Pure geometry, no PDF library:
 * - items on one baseline make a line; a wide gap inside a line splits it into cells;
 * - lines close together make a paragraph (a hyphen at a line's end joins the word);
 * - lines in a larger font than the body make headings, the largest level 1;
 * - two or more consecutive lines of several cells make a table, header = first line;
 * - page numbers and lines repeated at the top or bottom of most pages are dropped.
 */
import type { Block } from '../document';

export interface PdfTextItem {
  str: string;
  /** Baseline start, PDF units (origin bottom-left). */
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

export interface PdfCell {
  text: string;
  x: number;
}

export interface PdfLine {
  text: string;
  cells: PdfCell[];
  x: number;
  y: number;
  fontSize: number;
}

/** A gap this many times the font size or wider separates cells (table columns). */
const CELL_GAP = 2;
/** A gap this wide is a space between words even when the PDF has no space character. */
const WORD_GAP = 0.15;
/** Lines further apart than this many times the font size belong to different paragraphs. */
const PARAGRAPH_GAP = 1.6;
const MAX_HEADING_LENGTH = 200;

export function itemsToLines(items: PdfTextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let line: { cells: PdfCell[]; y: number; fontSize: number; end: number; last?: PdfTextItem } | null = null;

  const close = () => {
    if (!line) return;
    const cells = line.cells
      .map((cell) => ({ ...cell, text: cell.text.replace(/\s+/g, ' ').trim() }))
      .filter((cell) => cell.text);
    if (cells.length > 0) {
      lines.push({
        text: cells.map((cell) => cell.text).join(' '),
        cells,
        x: cells[0].x,
        y: line.y,
        fontSize: line.fontSize,
      });
    }
    line = null;
  };

  for (const item of items) {
    const size = item.fontSize > 0 ? item.fontSize : 10;
    const blank = item.str.trim() === '';
    if (line && Math.abs(item.y - line.y) > Math.min(size, line.fontSize) * 0.5 && !blank) close();
    if (blank) {
      // A space item only widens the gap; it belongs to the line it is on.
      if (line && item.str && line.cells.length > 0) line.cells[line.cells.length - 1].text += ' ';
      continue;
    }
    if (!line) {
      line = {
        cells: [{ text: item.str, x: item.x }],
        y: item.y,
        fontSize: size,
        end: item.x + item.width,
        last: item,
      };
      continue;
    }
    // The same string drawn twice at almost the same place is fake bold: keep one.
    if (line.last && line.last.str === item.str && Math.abs(line.last.x - item.x) < 1) continue;
    const gap = item.x - line.end;
    const cell = line.cells[line.cells.length - 1];
    if (gap >= CELL_GAP * size) {
      line.cells.push({ text: item.str, x: item.x });
    } else {
      const spaced = /\s$/.test(cell.text) || /^\s/.test(item.str);
      cell.text += !spaced && gap > WORD_GAP * size ? ` ${item.str}` : item.str;
    }
    line.end = Math.max(line.end, item.x + item.width);
    line.fontSize = Math.max(line.fontSize, size);
    line.last = item;
  }
  close();
  return lines;
}

const PAGE_NUMBER = /^(?:page|halaman|hal\.?|p\.)?\s*[-–]?\s*\d{1,4}\s*[-–]?(?:\s*(?:of|dari|\/)\s*\d{1,4})?$/i;

export interface PdfPage {
  lines: PdfLine[];
  /** The page's vertical extent (its view box), to know which lines are at its top and bottom. */
  bottom: number;
  top: number;
}

/** The top and bottom bands of a page where running headers and footers sit. */
const EDGE_BAND = 0.12;

/**
 * Drops page numbers and the running header/footer lines repeated at the top or bottom of most
 * pages. A repeated line that differs only by its numbers ("Page 3 of 10") counts as repeated
 * unless it is set larger than the body text (a chapter heading "Bab 3" at the top of each page).
 */
export function dropRunningLines(pages: PdfPage[], bodySize: number): PdfLine[][] {
  const edgeLines = (page: PdfPage) => {
    const band = (page.top - page.bottom) * EDGE_BAND;
    return new Set(
      page.lines.filter(
        (line) => line.cells.length === 1 && (line.y >= page.top - band || line.y <= page.bottom + band),
      ),
    );
  };
  const exactKey = (line: PdfLine) => line.text.toLowerCase();
  const numberlessKey = (line: PdfLine) => `#${line.text.toLowerCase().replace(/\d+/g, '#')}`;
  const edges = pages.map(edgeLines);
  const counts = new Map<string, number>();
  for (const lines of edges) {
    const keys = new Set([...lines].flatMap((line) => [exactKey(line), numberlessKey(line)]));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const threshold = Math.max(3, Math.ceil(pages.length / 2));
  const repeated = (line: PdfLine) =>
    (counts.get(exactKey(line)) ?? 0) >= threshold ||
    ((counts.get(numberlessKey(line)) ?? 0) >= threshold && round(line.fontSize) <= bodySize);
  return pages.map((page, i) =>
    page.lines.filter((line) => !(edges[i].has(line) && (PAGE_NUMBER.test(line.text) || repeated(line)))),
  );
}

/** The body font size (the one most text is set in) and the level of each larger size used by short lines. */
export function fontLevels(lines: PdfLine[]): { bodySize: number; headingLevels: Map<number, number> } {
  const chars = new Map<number, number>();
  for (const line of lines) chars.set(round(line.fontSize), (chars.get(round(line.fontSize)) ?? 0) + line.text.length);
  const bodySize = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
  const sizes = new Set(
    lines
      .filter(
        (line) =>
          round(line.fontSize) >= bodySize * 1.15 && line.text.length <= MAX_HEADING_LENGTH && line.cells.length === 1,
      )
      .map((line) => round(line.fontSize)),
  );
  const headingLevels = new Map([...sizes].sort((a, b) => b - a).map((size, i) => [size, Math.min(i + 1, 6)]));
  return { bodySize, headingLevels };
}

function round(size: number): number {
  return Math.round(size * 2) / 2;
}

/** One page's lines → blocks, each marked with the page number. */
export function linesToBlocks(lines: PdfLine[], page: number, headingLevels: Map<number, number>): Block[] {
  const blocks: Block[] = [];
  let paragraph: PdfLine[] = [];
  let table: PdfLine[] = [];
  let heading: { lines: PdfLine[]; level: number } | null = null;

  const flushParagraph = () => {
    if (paragraph.length > 0)
      blocks.push({ kind: 'paragraph', text: joinLines(paragraph.map((line) => line.text)), page });
    paragraph = [];
  };
  const flushTable = () => {
    if (table.length >= 2) blocks.push({ ...tableOf(table), page });
    else if (table.length === 1) blocks.push({ kind: 'paragraph', text: table[0].text, page });
    table = [];
  };
  const flushHeading = () => {
    if (!heading) return;
    const text = heading.lines.map((line) => line.text).join(' ');
    blocks.push(
      text.length <= MAX_HEADING_LENGTH
        ? { kind: 'heading', level: heading.level, text, page }
        : { kind: 'paragraph', text, page },
    );
    heading = null;
  };

  let previous: PdfLine | undefined;
  for (const line of lines) {
    const level = line.cells.length === 1 ? headingLevels.get(round(line.fontSize)) : undefined;
    const near = previous !== undefined && isNear(previous, line);
    if (level !== undefined) {
      flushParagraph();
      flushTable();
      if (!(heading && heading.level === level && near)) {
        flushHeading();
        heading = { lines: [], level };
      }
      heading.lines.push(line);
    } else if (line.cells.length >= 2) {
      flushHeading();
      flushParagraph();
      table.push(line);
    } else {
      flushHeading();
      flushTable();
      const last = paragraph[paragraph.length - 1];
      if (last && !(isNear(last, line) && Math.abs(last.fontSize - line.fontSize) <= 1)) flushParagraph();
      paragraph.push(line);
    }
    previous = line;
  }
  flushHeading();
  flushParagraph();
  flushTable();
  return blocks;
}

/** The next line follows closely below the previous one. */
function isNear(previous: PdfLine, line: PdfLine): boolean {
  const drop = previous.y - line.y;
  return drop > 0 && drop <= PARAGRAPH_GAP * Math.max(previous.fontSize, line.fontSize);
}

/** Lines of one paragraph → its text: a word split by a hyphen at a line's end is joined. */
export function joinLines(lines: string[]): string {
  let text = '';
  for (const line of lines) {
    const split = /(\p{Ll}+)-$/u.exec(text);
    const next = /^\p{Ll}+/u.exec(line);
    if (split && next) {
      // "masing-" + "masing" is a reduplicated word (Indonesian): the hyphen stays.
      text = split[1] === next[0] ? text + line : text.slice(0, -1) + line;
    } else {
      text = text ? `${text} ${line}` : line;
    }
  }
  return text;
}

/** Lines of cells → a table: the columns start where the cells of the fullest line start. */
function tableOf(lines: PdfLine[]): Extract<Block, { kind: 'table' }> {
  const widest = lines.reduce((a, b) => (b.cells.length > a.cells.length ? b : a));
  const anchors = widest.cells.map((cell) => cell.x);
  const rows = lines.map((line) => {
    const row = anchors.map(() => '');
    for (const cell of line.cells) {
      let column = 0;
      for (let i = 1; i < anchors.length; i++) {
        if (Math.abs(anchors[i] - cell.x) < Math.abs(anchors[column] - cell.x)) column = i;
      }
      row[column] = row[column] ? `${row[column]} ${cell.text}` : cell.text;
    }
    return row;
  });
  return { kind: 'table', header: rows[0], rows: rows.slice(1) };
}
