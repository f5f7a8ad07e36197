/**
 * XLSX → for every sheet, one record block per row labelled by the sheet's header row. Cells are
 * read as a person sees them: a formula's result, a date as an ISO date, rich text and links as text.
 */
import ExcelJS from 'exceljs';
import { SourceContentError, type Block, type ParsedDocument } from '../document';
import { rowsToRecords, type SheetRow } from './records';
import { guardOfficeZip } from './zip';

const KIND = 'Excel workbook';

/**
 * The workbook, its ZIP judged first (bombs, encryption); a SourceContentError when it cannot be
 * opened. Also the contacts import's reader.
 */
export async function openWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  guardOfficeZip(bytes, KIND);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
    );
  } catch {
    throw new SourceContentError(
      'corrupt',
      `This ${KIND} is damaged and cannot be opened. Open it, save it again (or "Save as" a new file) and upload that copy.`,
    );
  }
  return workbook;
}

/** A sheet's rows that hold something, each cell as a person sees it, by its row number. */
export function sheetRows(sheet: ExcelJS.Worksheet): SheetRow[] {
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, position) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      // A merged range shows its value once, in its top-left cell.
      if (cell.type === ExcelJS.ValueType.Merge) return;
      cells[column - 1] = cellText(cell.value, cell.numFmt);
    });
    rows.push({ cells: Array.from(cells, (cell) => cell ?? ''), position });
  });
  return rows;
}

export async function parseXlsx(bytes: Uint8Array): Promise<ParsedDocument> {
  const workbook = await openWorkbook(bytes);
  const blocks: Block[] = [];
  workbook.eachSheet((sheet) => {
    blocks.push(...rowsToRecords(sheetRows(sheet), { sheet: sheet.name }));
  });
  const title = workbook.title?.trim();
  return { format: 'xlsx', ...(title ? { title } : {}), blocks };
}

/** The text a cell shows; '' for an empty cell, an error, or a formula without a stored result. */
export function cellText(value: ExcelJS.CellValue | undefined, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'number') return formatNumber(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if ('error' in value) return '';
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    return cellText((value as { result?: ExcelJS.CellValue }).result, numFmt);
  }
  if ('hyperlink' in value) {
    const text = value.text as unknown as ExcelJS.CellValue;
    return cellText(text) || value.hyperlink;
  }
  return '';
}

function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.slice(0, 19).replace('T', ' ').replace(/:00$/, '');
}

function formatNumber(value: number, numFmt?: string): string {
  const plain = (n: number) => String(Number(n.toPrecision(15)));
  if (numFmt && /%/.test(numFmt.replace(/"[^"]*"/g, ''))) return `${plain(value * 100)}%`;
  return plain(value);
}
