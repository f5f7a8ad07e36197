import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Column<Row> {
  label: string;
  /** Figures align right, names left. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

type DataTableProps<Row> = {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** What an empty table says instead. */
  empty: string;
};

/** A table of figures in Jetstream's style: small caps headers, hairline rows, scrolls sideways on a phone. */
export default function DataTable<Row>({ label, columns, rows, rowKey, empty }: DataTableProps<Row>) {
  if (rows.length === 0) return <p className="text-sm text-gray-600">{empty}</p>;
  return (
    <div className="relative -mx-4 overflow-x-auto sm:-mx-6">
      <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label={label}>
        <thead>
          <tr className="text-xs font-medium tracking-wide text-gray-500 uppercase">
            {columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={cn(
                  'px-3 py-2 align-bottom',
                  column.numeric ? 'text-end' : 'text-start',
                  index === 0 && 'ps-4 sm:ps-6',
                  index === columns.length - 1 && 'pe-4 sm:pe-6',
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row, rowIndex) => (
            <tr key={rowKey(row, rowIndex)}>
              {columns.map((column, index) => {
                const Cell = index === 0 ? 'th' : 'td';
                return (
                  <Cell
                    key={column.label}
                    {...(index === 0 ? { scope: 'row' } : {})}
                    className={cn(
                      'px-3 py-2.5',
                      column.numeric ? 'text-end whitespace-nowrap text-gray-700 tabular-nums' : 'text-start',
                      index === 0 && 'ps-4 font-medium text-gray-900 sm:ps-6',
                      index === columns.length - 1 && 'pe-4 sm:pe-6',
                    )}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
