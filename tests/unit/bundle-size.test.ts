import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WELCOME_BUDGET_BYTES,
  formatTable,
  measurePages,
  run,
  staticClosure,
  type Manifest,
  type PageLoad,
} from '../../scripts/bundle-size';

// A build in miniature, shaped like Vite's manifest: the entry imports the framework chunks
// statically and everything else dynamically; pages import the entry back (shared code lives there).
const manifest: Manifest = {
  'resources/js/app.tsx': {
    file: 'assets/app.js',
    isEntry: true,
    imports: ['_runtime.js', '_react.js', '_inertia.js'],
    dynamicImports: ['resources/js/Pages/Welcome.tsx', 'resources/js/Pages/Dashboard.tsx', 'resources/js/lib/echo.ts'],
    css: ['assets/app.css'],
  },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
  '_inertia.js': { file: 'assets/inertia.js', imports: ['_react.js'] },
  '_route.js': { file: 'assets/route.js' },
  '_dates.js': { file: 'assets/dates.js' },
  '_realtime.js': { file: 'assets/realtime.js' },
  'resources/js/Pages/Welcome.tsx': {
    file: 'assets/Welcome.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_route.js', 'resources/js/app.tsx'],
  },
  'resources/js/Pages/Dashboard.tsx': {
    file: 'assets/Dashboard.js',
    isDynamicEntry: true,
    imports: ['resources/js/Layouts/AppLayout.tsx'],
    dynamicImports: ['resources/js/lib/echo.ts'],
  },
  'resources/js/Layouts/AppLayout.tsx': { file: 'assets/AppLayout.js', imports: ['_dates.js', '_route.js'] },
  'resources/js/lib/echo.ts': { file: 'assets/echo.js', imports: ['_realtime.js', 'resources/js/app.tsx'] },
};

const sizes: Record<string, number> = {
  'assets/app.js': 5_000,
  'assets/runtime.js': 400,
  'assets/react.js': 67_000,
  'assets/inertia.js': 39_000,
  'assets/route.js': 6_300,
  'assets/dates.js': 4_000,
  'assets/realtime.js': 20_000,
  'assets/Welcome.js': 2_000,
  'assets/Dashboard.js': 2_100,
  'assets/AppLayout.js': 5_400,
  'assets/echo.js': 1_000,
};
const gzipBytes = (file: string) => sizes[file];

const welcome: PageLoad = { name: 'Welcome', modules: ['resources/js/Pages/Welcome.tsx'], budget: 120_000 };
const dashboard: PageLoad = {
  name: 'Dashboard',
  modules: ['resources/js/Pages/Dashboard.tsx', 'resources/js/Layouts/AppLayout.tsx'],
  onDemand: ['resources/js/lib/echo.ts'],
};

describe('staticClosure', () => {
  it('follows static imports only, each chunk once, and keeps JavaScript files', () => {
    expect(staticClosure(manifest, ['resources/js/app.tsx'])).toEqual([
      'assets/app.js',
      'assets/runtime.js',
      'assets/react.js',
      'assets/inertia.js',
    ]);
  });

  it('joins several starting points, an import cycle back to the entry included', () => {
    expect(staticClosure(manifest, ['resources/js/app.tsx', 'resources/js/Pages/Welcome.tsx'])).toEqual([
      'assets/app.js',
      'assets/runtime.js',
      'assets/react.js',
      'assets/inertia.js',
      'assets/Welcome.js',
      'assets/route.js',
    ]);
  });

  it('names a module missing from the manifest', () => {
    expect(() => staticClosure(manifest, ['resources/js/Pages/Gone.tsx'])).toThrow(
      'resources/js/Pages/Gone.tsx is not in the build',
    );
  });
});

describe('measurePages', () => {
  it('adds the gzip sizes of the entry, its static imports, the page and its imports, each once', () => {
    const [page] = measurePages(manifest, [welcome], gzipBytes);
    expect(page.files).toHaveLength(6);
    expect(page.bytes).toBe(5_000 + 400 + 67_000 + 39_000 + 2_000 + 6_300);
    expect(page.onDemandBytes).toBe(0);
    expect(page.overBudget).toBe(false);
  });

  it('counts a signed-in page’s layout, and shows what loads on demand apart, without what is already loaded', () => {
    const [page] = measurePages(manifest, [dashboard], gzipBytes);
    expect(page.bytes).toBe(5_000 + 400 + 67_000 + 39_000 + 2_100 + 5_400 + 4_000 + 6_300);
    // echo.js and realtime.js; app.js, which echo.js imports, is already there.
    expect(page.onDemandBytes).toBe(1_000 + 20_000);
    expect(page.budget).toBeUndefined();
    expect(page.overBudget).toBe(false);
  });

  it('is over budget only above it', () => {
    const exact = 5_000 + 400 + 67_000 + 39_000 + 2_000 + 6_300;
    expect(measurePages(manifest, [{ ...welcome, budget: exact }], gzipBytes)[0].overBudget).toBe(false);
    expect(measurePages(manifest, [{ ...welcome, budget: exact - 1 }], gzipBytes)[0].overBudget).toBe(true);
  });
});

describe('formatTable', () => {
  it('prints a row per page in kB, with the budget and whether it holds', () => {
    const loads = [welcome, { ...welcome, name: 'Tight', budget: 110_000 }, dashboard];
    const [header, ...rows] = formatTable(measurePages(manifest, loads, gzipBytes)).split('\n');
    expect(header).toMatch(/^page\s+files\s+initial JS \(gzip\)\s+on demand\s+budget$/);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^Welcome\s+6\s+119\.70 kB\s+120\.00 kB {2}ok$/);
    expect(rows[1]).toMatch(/^Tight\s+6\s+119\.70 kB\s+110\.00 kB {2}OVER$/);
    expect(rows[2]).toMatch(/^Dashboard\s+8\s+129\.20 kB\s+\+ 21\.00 kB$/);
  });
});

describe('run', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A build directory with the files of `manifest`, each `bytes` of incompressible content. */
  function build(bytes: (file: string) => number): string {
    dir = mkdtempSync(join(tmpdir(), 'kawan-bundle-size-'));
    mkdirSync(join(dir, '.vite'));
    mkdirSync(join(dir, 'assets'));
    const real: Manifest = {
      ...manifest,
      'resources/js/Pages/Auth/Login.tsx': { file: 'assets/Login.js', imports: ['resources/js/app.tsx'] },
      'resources/js/Pages/Reports/Index.tsx': {
        file: 'assets/Reports.js',
        imports: ['resources/js/Layouts/AppLayout.tsx'],
        dynamicImports: ['resources/js/Pages/Reports/Partials/Charts.tsx'],
      },
      'resources/js/Pages/Reports/Partials/Charts.tsx': { file: 'assets/Charts.js', imports: ['_react.js'] },
    };
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(real));
    for (const chunk of Object.values(real)) writeFileSync(join(dir, chunk.file), randomBytes(bytes(chunk.file)));
    return dir;
  }

  it('reads the manifest, gzips the files and passes when the welcome page is within its budget', () => {
    const lines: string[] = [];
    expect(
      run(
        build(() => 1_000),
        (line) => lines.push(line),
      ),
    ).toBe(0);
    const output = lines.join('\n');
    expect(output).toMatch(/^Welcome\s+6\s/m);
    expect(output).toMatch(/^Auth\/Login\s+5\s/m);
    expect(output).toMatch(/^Dashboard\s+8\s/m);
    // The charts are counted apart, as what the page loads on demand.
    expect(output).toMatch(/^Reports\/Index\s+8\s+8\.\d\d kB\s+\+ 1\.\d\d kB\s+165\.00 kB {2}ok$/m);
    expect(output).not.toContain('OVER');
  });

  it('fails and lists the welcome page’s files, biggest first, when it is over budget', () => {
    const lines: string[] = [];
    const code = run(
      build((file) => (file === 'assets/react.js' ? WELCOME_BUDGET_BYTES : 1_000)),
      (line) => lines.push(line),
    );
    expect(code).toBe(1);
    const output = lines.join('\n');
    expect(output).toContain('OVER');
    expect(output).toMatch(/Welcome loads [\d.]+ kB of JavaScript before it draws, over its budget of 120\.00 kB/);
    expect(output).toMatch(/over its budget of 120\.00 kB:\n\s+1\d\d\.\d\d kB {2}assets\/react\.js\n/);
  });

  it('fails with a hint when there is no build', () => {
    const lines: string[] = [];
    expect(run(join(tmpdir(), 'kawan-no-build-here'), (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain('run `npm run build` first');
  });
});
