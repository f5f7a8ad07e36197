/** CSV → one record block per row, labelled by the header row. The delimiter is detected (`,` `;` tab `|`). */
import Papa from 'papaparse';
import type { ParsedDocument } from '../document';
import { rowsToRecords } from './records';

const DELIMITERS = [',', ';', '\t', '|'];

export function parseCsv(text: string): ParsedDocument {
  const delimiter = guessDelimiter(text);
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
  const rows = result.data.map((cells, i) => ({ cells, position: i + 1 }));
  return { format: 'csv', blocks: rowsToRecords(rows, { delimiter }) };
}

/**
 * The delimiter that splits the first rows most consistently into the most columns (Indonesian
 * Excel exports use `;`, with `,` inside numbers). Papaparse's own guess gives up on rows of empty cells.
 */
export function guessDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best = { delimiter: ',', consistency: 0, columns: 1 };
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: 50, skipEmptyLines: true }).data;
    if (rows.length === 0) continue;
    const frequency = new Map<number, number>();
    for (const row of rows) frequency.set(row.length, (frequency.get(row.length) ?? 0) + 1);
    const [columns, count] = [...frequency.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    const consistency = count / rows.length;
    if (columns < 2) continue;
    if (consistency > best.consistency || (consistency === best.consistency && columns > best.columns)) {
      best = { delimiter, consistency, columns };
    }
  }
  return best.delimiter;
}
