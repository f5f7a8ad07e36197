/** Plain aligned text for the retrieval benchmark's report (the first column left, the rest right). */

export function table(header: string[], rows: string[][], indent = '  '): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) =>
    indent +
    cells.map((cell, i) => (i === 0 ? (cell ?? '').padEnd(widths[i]) : (cell ?? '').padStart(widths[i]))).join('  ');
  return [line(header), indent + widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function percent(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(digits)}%` : 'n/a';
}

export function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function seconds(ms: number): string {
  return ms < 90_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`;
}

export function thousands(value: number): string {
  return value.toLocaleString('en-US');
}

/** ✓ or ✗ after a figure and its target. */
export function mark(ok: boolean): string {
  return ok ? '✓' : '✗';
}
