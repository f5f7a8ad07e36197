/**
 * Rows of a CSV or a sheet → record blocks: the first row with two or more cells names the
 * columns, each later row becomes one record whose cells are labelled by those names.
 */
import type { Block } from '../document';
import { cleanInline } from './normalize';

export interface SheetRow {
  /** The cell texts, by column (an empty string for an empty cell). */
  cells: string[];
  /** The row's position in its source (1-based); a record's `row` is counted from the header's. */
  position: number;
}

const MAX_HEADER_LENGTH = 60;

export interface RecordOptions {
  sheet?: string;
  /**
   * A CSV's delimiter: a row with more cells than the header whose extra cell begins with a space
   * had the delimiter in a cell's prose, unquoted ("…dalam kotak kayu; kirim H-7"), and is mended
   * (`mendedCells`), unless the header's own cells begin with spaces. A sheet's cells are what they are.
   */
  delimiter?: string;
}

export function rowsToRecords(allRows: SheetRow[], options: RecordOptions = {}): Block[] {
  const { sheet, delimiter } = options;
  const rows = allRows.filter((row) => row.cells.some((cell) => cleanInline(cell) !== ''));
  if (rows.length === 0) return [];
  const filled = (row: SheetRow) => row.cells.filter((cell) => cleanInline(cell) !== '').length;
  const withSheet = sheet === undefined ? {} : { sheet };

  if (rows.every((row) => filled(row) <= 1)) return singleColumn(rows, withSheet);

  // Lines above the table with a single cell (a title, a note) are kept as text.
  const headerIndex = rows.findIndex((row) => filled(row) >= 2);
  const blocks: Block[] = rows
    .slice(0, headerIndex)
    .map((row) => ({ kind: 'paragraph', text: row.cells.filter(Boolean).join(' ') }));
  const header = rows[headerIndex];
  const labels = uniqueLabels(header.cells);
  // A file written with a space after each delimiter ("Menu, Harga") cannot tell prose from cells.
  const mending = delimiter !== undefined && !header.cells.slice(1).some((cell) => /^\s/.test(cell));
  for (const row of rows.slice(headerIndex + 1)) {
    const cells = mending ? mendedCells(row.cells, header.cells.length, delimiter!) : row.cells;
    blocks.push({
      kind: 'record',
      fields: cells.map((value, i) => ({ label: labels[i] ?? `Column ${i + 1}`, value })),
      row: row.position - header.position,
      ...withSheet,
    });
  }
  return blocks;
}

/**
 * A CSV row with more cells than its header, put back together where a delimiter was written in a
 * cell's text without quotes: a cell that begins with whitespace after a filled one continues it
 * (a CSV export never puts a space after its delimiter; prose does, as in "kotak kayu; kirim H-7"),
 * rejoined with the delimiter, until the row is as wide as the header. Cells beyond the header that
 * do not read so stay cells of their own ("Column n").
 */
function mendedCells(cells: string[], width: number, delimiter: string): string[] {
  if (cells.length <= width) return cells;
  const mended = [...cells];
  for (let i = 1; i < mended.length && mended.length > width;) {
    if (/^\s/.test(mended[i]) && mended[i].trim() !== '' && mended[i - 1].trim() !== '') {
      mended.splice(i - 1, 2, `${mended[i - 1]}${delimiter}${mended[i]}`);
    } else i++;
  }
  return mended;
}

/** One column: the first cell is its name when it reads like one, otherwise every cell is a 'Value'. */
function singleColumn(rows: SheetRow[], withSheet: { sheet?: string }): Block[] {
  const value = (row: SheetRow) => row.cells.find((cell) => cleanInline(cell) !== '') ?? '';
  const first = cleanInline(value(rows[0]));
  const hasHeader = rows.length > 1 && first.length <= MAX_HEADER_LENGTH && !/^[\d\s.,:;/%+-]+$/.test(first);
  const label = hasHeader ? first : 'Value';
  const base = hasHeader ? rows[0].position : rows[0].position - 1;
  return rows.slice(hasHeader ? 1 : 0).map((row) => ({
    kind: 'record',
    fields: [{ label, value: value(row) }],
    row: row.position - base,
    ...withSheet,
  }));
}

/** Header cells → labels: an empty one is "Column n", a repeated one gets " (2)", " (3)"… */
export function uniqueLabels(cells: string[]): string[] {
  const seen = new Set<string>();
  const cleaned = cells.map((cell) => cleanInline(cell));
  const taken = new Set(cleaned.filter(Boolean).map((label) => label.toLowerCase()));
  return cleaned.map((cell, i) => {
    let label = cell || `Column ${i + 1}`;
    if (seen.has(label.toLowerCase()) || (!cell && taken.has(label.toLowerCase()))) {
      let n = 2;
      while (seen.has(`${label} (${n})`.toLowerCase()) || taken.has(`${label} (${n})`.toLowerCase())) n++;
      label = `${label} (${n})`;
    }
    seen.add(label.toLowerCase());
    return label;
  });
}
