import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { viteAssets } from '../../server/http/inertia/vite';

// A production build in miniature, shaped like Vite's manifest: the entry lists the guests' pages
// and loads the signed-in application's page map (lib/app-pages.ts) and layout on demand.
const manifest = {
  'resources/js/app.tsx': {
    file: 'assets/app-1.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [
      'resources/js/Pages/Welcome.tsx',
      'resources/js/lib/app-pages.ts',
      'resources/js/Layouts/AppLayout.tsx',
    ],
    css: ['assets/app-1.css'],
  },
  '_react.js': { file: 'assets/react-1.js' },
  '_components.js': { file: 'assets/components-1.js', imports: ['_react.js'] },
  'resources/js/Pages/Welcome.tsx': {
    file: 'assets/Welcome-1.js',
    isDynamicEntry: true,
    imports: ['_react.js', 'resources/js/app.tsx'],
  },
  'resources/js/lib/app-pages.ts': {
    file: 'assets/app-pages-1.js',
    isDynamicEntry: true,
    dynamicImports: ['resources/js/Pages/Dashboard.tsx'],
  },
  'resources/js/Layouts/AppLayout.tsx': {
    file: 'assets/AppLayout-1.js',
    isDynamicEntry: true,
    imports: ['_components.js', 'resources/js/app.tsx'],
  },
  'resources/js/Pages/Dashboard.tsx': {
    file: 'assets/Dashboard-1.js',
    isDynamicEntry: true,
    imports: ['_components.js', '_react.js', 'resources/js/app.tsx'],
    css: ['assets/Dashboard-1.css'],
  },
};

const publicDir = mkdtempSync(join(tmpdir(), 'kawan-vite-'));
mkdirSync(join(publicDir, 'build', '.vite'), { recursive: true });
writeFileSync(join(publicDir, 'build', '.vite', 'manifest.json'), JSON.stringify(manifest));
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

const assets = viteAssets(publicDir);
const lines = (tags: string) => tags.split('\n').map((line) => line.trim());
const entryTags = [
  '<link rel="stylesheet" href="/build/assets/app-1.css">',
  '<link rel="modulepreload" href="/build/assets/react-1.js">',
];
const script = '<script type="module" src="/build/assets/app-1.js" nonce="n0nce"></script>';

describe('viteAssets().tags', () => {
  it('loads the entry and preloads what it imports', () => {
    expect(lines(assets.tags('n0nce'))).toEqual([...entryTags, script]);
  });

  it("preloads a guest's page chunk, and nothing of the signed-in application", () => {
    expect(lines(assets.tags('n0nce', 'Welcome'))).toEqual([
      ...entryTags,
      '<link rel="modulepreload" href="/build/assets/Welcome-1.js">',
      script,
    ]);
  });

  it("preloads a signed-in page with the application's page map and layout, each file once", () => {
    expect(lines(assets.tags('n0nce', 'Dashboard'))).toEqual([
      ...entryTags,
      '<link rel="stylesheet" href="/build/assets/Dashboard-1.css">',
      '<link rel="modulepreload" href="/build/assets/app-pages-1.js">',
      '<link rel="modulepreload" href="/build/assets/AppLayout-1.js">',
      '<link rel="modulepreload" href="/build/assets/components-1.js">',
      '<link rel="modulepreload" href="/build/assets/Dashboard-1.js">',
      script,
    ]);
  });

  it('preloads nothing more for a page the build does not have', () => {
    expect(lines(assets.tags('n0nce', 'Nowhere/Page'))).toEqual([...entryTags, script]);
  });
});
