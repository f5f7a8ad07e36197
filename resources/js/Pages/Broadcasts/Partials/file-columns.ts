import { detailOfColumn, normalizedHeader } from '../../../../../server/domain/contacts/columns';
import { fieldKeyOf, type ContactFieldShape } from '../../../../../server/domain/contacts/field-values';

/**
 * A broadcast's contacts file read in the browser for what a value may name from it: its own columns
 * (`{{file.no_pesanan}}`, neither a contact's detail nor one of the team's fields, as the server
 * reads them) and the first row's values, for the preview. Only a CSV can be read here; a workbook
 * is read by the server alone (null).
 */
export interface FileColumns {
  columns: { key: string; title: string }[];
  /** The first row's values by key. */
  sample: Record<string, string>;
}

/** The bytes read: the header and the first rows of any sensible file are well within them. */
const headBytes = 64 * 1024;

export async function readFileColumns(
  file: File,
  fields: readonly Pick<ContactFieldShape, 'key' | 'label'>[],
): Promise<FileColumns | null> {
  if (!/\.(csv|txt)$/i.test(file.name) && file.type !== 'text/csv') return null;
  const text = await textOf(file.slice(0, headBytes));
  const [header, first] = csvRows(text.replace(/^\uFEFF/, ''), 2);
  if (!header) return null;
  const fieldNames = new Set(fields.flatMap((field) => [normalizedHeader(field.label), normalizedHeader(field.key)]));
  const columns: FileColumns['columns'] = [];
  const sample: Record<string, string> = {};
  header.forEach((title, index) => {
    const name = normalizedHeader(title);
    const key = fieldKeyOf(title);
    if (!key || name === '' || fieldNames.has(name) || detailOfColumn(title)) return;
    if (columns.some((column) => column.key === key)) return;
    columns.push({ key, title: title.trim() });
    const value = first?.[index]?.trim();
    if (value) sample[key] = value;
  });
  return { columns, sample };
}

/** A blob's text as UTF-8 (FileReader: in every browser, and in the tests' jsdom). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(blob);
  });
}

/**
 * The first `limit` non-empty rows of a CSV text: `,` `;` or tab, whichever the first line has most
 * of; quoted cells may hold the delimiter, doubled quotes and line breaks.
 */
export function csvRows(text: string, limit: number): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    if (row.some((value) => value.trim() !== '')) rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length && rows.length < limit; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += char;
  }
  if (rows.length < limit && (cell !== '' || row.length > 0)) endRow();
  return rows.slice(0, limit);
}
