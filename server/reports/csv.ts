/**
 * CSV as spreadsheets open it right: RFC 4180 lines (CRLF, a field with a comma, a quote or a line
 * break in quotes, quotes doubled), UTF-8 with a byte-order mark first (so Excel reads Indonesian
 * text as UTF-8), and text that a spreadsheet would run as a formula made inert by a leading `'`
 * (OWASP, "CSV Injection"). Numbers stay numbers. Pure.
 */

/** Written once, before the header line. */
export const BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/** Text starting with one of these is a formula to a spreadsheet (a tab or CR before one, too). */
const formulaStart = /^[=+\-@\t\r]/;

/** One field: empty for null, a finite number as written, text made inert and quoted where needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A whole document: the BOM, the header line, then one line per row. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let text = BOM + csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
}
