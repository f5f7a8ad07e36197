/**
 * The JavaScript a browser loads before it can draw a page, from the build's manifest
 * (public/build/.vite/manifest.json), gzip-compressed as the server sends it. Run at the end of
 * `npm run build`; it prints a table and fails when the welcome page is over its budget.
 *
 * A first load fetches the entry (resources/js/app.tsx) and every chunk it imports statically
 * (the server emits them as modulepreload links), then the page's chunk with its static imports
 * and, for a signed-in page, its layout (loaded beside the page, see Layouts/layout-for.ts).
 * What a page loads later on demand (the realtime client) is shown apart and not counted.
 *
 * The embeddable chat widget (vite.widget.config.ts, public/build/widget) is checked too: the
 * loader a customer's page runs (widget.js) and the panel it loads on first open, with everything
 * the panel imports, statically or not (the realtime client included), each against its budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The welcome page's initial JavaScript may weigh at most this much, gzip (kB of 1000 bytes, as Vite prints). */
export const WELCOME_BUDGET_BYTES = 120_000;

/** The Reports page's first load without its charts (gzip); with them it would be some 60 kB more. */
export const REPORTS_BUDGET_BYTES = 165_000;

export const clientEntry = 'resources/js/app.tsx';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** A page as a first load fetches it: the manifest keys it needs before drawing, and later. */
export interface PageLoad {
  name: string;
  /** The page's module and, for a signed-in page, its layout's. */
  modules: string[];
  /** Modules the page loads on demand once drawn (not counted in its initial size). */
  onDemand?: string[];
  /** A budget for the initial size, in bytes (gzip). */
  budget?: number;
}

export const pages: PageLoad[] = [
  { name: 'Welcome', modules: ['resources/js/Pages/Welcome.tsx'], budget: WELCOME_BUDGET_BYTES },
  { name: 'Auth/Login', modules: ['resources/js/Pages/Auth/Login.tsx'] },
  {
    name: 'Dashboard',
    modules: ['resources/js/Pages/Dashboard.tsx', 'resources/js/Layouts/AppLayout.tsx'],
    onDemand: ['resources/js/lib/echo.ts'],
  },
  {
    // The charts (chart.js and react-chartjs-2, some 60 kB) load after the page's figures, on this
    // page only: the budget fails the build should they slip into its first load.
    name: 'Reports/Index',
    modules: ['resources/js/Pages/Reports/Index.tsx', 'resources/js/Layouts/AppLayout.tsx'],
    onDemand: ['resources/js/Pages/Reports/Partials/Charts.tsx'],
    budget: REPORTS_BUDGET_BYTES,
  },
];

/**
 * The files the manifest keys need, each once, following static imports only: what a browser
 * fetches for them (ES module imports and Vite's modulepreload links), in manifest order.
 */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    files.push(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return files.filter((file) => file.endsWith('.js'));
}

export interface PageSize {
  name: string;
  /** The JavaScript files of the first load. */
  files: string[];
  /** Their gzip size, in bytes. */
  bytes: number;
  /** What the page loads on demand beyond those files, gzip bytes (0 when nothing). */
  onDemandBytes: number;
  budget?: number;
  overBudget: boolean;
}

/** Sizes each page's first load with `gzipBytes(file)`, the gzip size of a built file. */
export function measurePages(manifest: Manifest, loads: PageLoad[], gzipBytes: (file: string) => number): PageSize[] {
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipBytes(file), 0);
  return loads.map((load) => {
    const files = staticClosure(manifest, [clientEntry, ...load.modules]);
    const initial = new Set(files);
    const later = staticClosure(manifest, load.onDemand ?? []).filter((file) => !initial.has(file));
    const bytes = sum(files);
    return {
      name: load.name,
      files,
      bytes,
      onDemandBytes: sum(later),
      budget: load.budget,
      overBudget: load.budget !== undefined && bytes > load.budget,
    };
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/** The table the build prints. */
export function formatTable(sizes: PageSize[]): string {
  const rows = [
    ['page', 'files', 'initial JS (gzip)', 'on demand', 'budget'],
    ...sizes.map((size) => [
      size.name,
      String(size.files.length),
      kB(size.bytes),
      size.onDemandBytes ? `+ ${kB(size.onDemandBytes)}` : '',
      size.budget === undefined ? '' : `${kB(size.budget)}${size.overBudget ? '  OVER' : '  ok'}`,
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Prints the table for the build in `buildDir`; returns the exit code (1 when a page is over budget). */
export function run(buildDir: string, log: (line: string) => void = console.log): number {
  const manifestFile = join(buildDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    log(`bundle-size: ${manifestFile} is missing; run \`npm run build\` first.`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const cache = new Map<string, number>();
  const gzipBytes = (file: string) => {
    let bytes = cache.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(join(buildDir, file))).length;
      cache.set(file, bytes);
    }
    return bytes;
  };
  const sizes = measurePages(manifest, pages, gzipBytes);
  log('\nInitial JavaScript per page (entry, its static imports, the page and its layout; gzip):');
  log(formatTable(sizes));
  const over = sizes.filter((size) => size.overBudget);
  for (const size of over) {
    log(
      `\n${size.name} loads ${kB(size.bytes)} of JavaScript before it draws, over its budget of ${kB(size.budget!)}:`,
    );
    for (const file of [...size.files].sort((a, b) => gzipBytes(b) - gzipBytes(a)))
      log(`  ${kB(gzipBytes(file)).padStart(10)}  ${file}`);
  }
  return over.length > 0 ? 1 : 0;
}

/** The widget's loader may weigh at most this much, gzip (kB of 1000 bytes). */
export const WIDGET_LOADER_BUDGET_BYTES = 10_000;
/** The widget's panel with everything it imports (the realtime client included), gzip. */
export const WIDGET_PANEL_BUDGET_BYTES = 60_000;

/** public/build/widget/manifest.json, written by vite.widget.config.ts. */
export interface WidgetManifest {
  loader: string;
  panel: string;
  files?: string[];
}

export interface WidgetSize {
  name: 'loader' | 'panel';
  files: string[];
  bytes: number;
  budget: number;
  overBudget: boolean;
}

/** The files the manifest keys need, following static and dynamic imports: all a chunk can ever load. */
export function fullClosure(manifest: Manifest, keys: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the widget build's manifest`);
    files.push(chunk.file);
    for (const child of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(child);
  };
  keys.forEach(visit);
  return files.filter((file) => file.endsWith('.js'));
}

/** Sizes the widget's loader (one file, an IIFE) and its panel with all it imports (from Vite's manifest). */
export function measureWidget(
  widget: WidgetManifest,
  manifest: Manifest,
  gzipBytes: (file: string) => number,
): WidgetSize[] {
  const panelKey = Object.keys(manifest).find((key) => manifest[key].file === widget.panel);
  const panelFiles = panelKey ? fullClosure(manifest, [panelKey]) : [widget.panel];
  const size = (name: WidgetSize['name'], files: string[], budget: number): WidgetSize => {
    const bytes = files.reduce((total, file) => total + gzipBytes(file), 0);
    return { name, files, bytes, budget, overBudget: bytes > budget };
  };
  return [
    size('loader', [widget.loader], WIDGET_LOADER_BUDGET_BYTES),
    size('panel', panelFiles, WIDGET_PANEL_BUDGET_BYTES),
  ];
}

/** Prints the widget's sizes for the build in `widgetDir`; returns the exit code (1 when missing or over budget). */
export function runWidget(widgetDir: string, log: (line: string) => void = console.log): number {
  const widgetFile = join(widgetDir, 'manifest.json');
  const manifestFile = join(widgetDir, '.vite', 'manifest.json');
  if (!existsSync(widgetFile) || !existsSync(manifestFile)) {
    log(`bundle-size: the widget's build (${widgetFile}) is missing; run \`npm run build\` first.`);
    return 1;
  }
  const widget = JSON.parse(readFileSync(widgetFile, 'utf8')) as WidgetManifest;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const sizes = measureWidget(widget, manifest, (file) => gzipSync(readFileSync(join(widgetDir, file))).length);
  log('\nEmbeddable widget (gzip):');
  for (const size of sizes) {
    const files = size.files.length === 1 ? size.files[0] : `${size.files[0]} + ${size.files.length - 1} more`;
    log(
      `${size.name.padEnd(6)}  ${kB(size.bytes).padStart(9)}  budget ${kB(size.budget)}${size.overBudget ? '  OVER' : '  ok'}  ${files}`,
    );
  }
  const over = sizes.filter((size) => size.overBudget);
  for (const size of over)
    log(`\nThe widget's ${size.name} weighs ${kB(size.bytes)}, over its budget of ${kB(size.budget)}.`);
  return over.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const buildDir = fileURLToPath(new URL('../public/build', import.meta.url));
  const pagesCode = run(buildDir);
  const widgetCode = runWidget(join(buildDir, 'widget'));
  process.exitCode = pagesCode || widgetCode;
}
