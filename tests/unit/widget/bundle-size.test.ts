import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WIDGET_LOADER_BUDGET_BYTES,
  WIDGET_PANEL_BUDGET_BYTES,
  fullClosure,
  measureWidget,
  runWidget,
  type Manifest,
} from '../../../scripts/bundle-size';

// The widget's half of scripts/bundle-size.ts: the loader alone, the panel with all it imports.
const manifest: Manifest = {
  'resources/widget/panel/panel.ts': {
    file: 'panel-abc.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['resources/widget/panel/realtime.ts'],
  },
  '_shared.js': { file: 'panel-shared.js' },
  'resources/widget/panel/realtime.ts': { file: 'panel-realtime.js', imports: ['_shared.js'] },
};

describe('measureWidget', () => {
  it('counts every file the panel can load, dynamic imports included', () => {
    expect(fullClosure(manifest, ['resources/widget/panel/panel.ts'])).toEqual([
      'panel-abc.js',
      'panel-shared.js',
      'panel-realtime.js',
    ]);
    const sizes = measureWidget({ loader: 'widget.js', panel: 'panel-abc.js' }, manifest, () => 1_000);
    expect(sizes).toEqual([
      { name: 'loader', files: ['widget.js'], bytes: 1_000, budget: WIDGET_LOADER_BUDGET_BYTES, overBudget: false },
      {
        name: 'panel',
        files: ['panel-abc.js', 'panel-shared.js', 'panel-realtime.js'],
        bytes: 3_000,
        budget: WIDGET_PANEL_BUDGET_BYTES,
        overBudget: false,
      },
    ]);
  });

  it('flags each part over its budget', () => {
    const sizes = measureWidget({ loader: 'widget.js', panel: 'panel-abc.js' }, manifest, (file) =>
      file === 'widget.js' ? 10_001 : 20_001,
    );
    expect(sizes.map((size) => [size.name, size.bytes, size.overBudget])).toEqual([
      ['loader', 10_001, true],
      ['panel', 60_003, true],
    ]);
  });
});

describe('runWidget', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function build(bytes: { loader: number; panel: number }): string {
    const dir = mkdtempSync(join(tmpdir(), 'kawan-widget-size-'));
    dirs.push(dir);
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ loader: 'widget.js', panel: 'panel-abc.js' }));
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({ 'resources/widget/panel/panel.ts': { file: 'panel-abc.js', isEntry: true } }),
    );
    // Random bytes do not compress: the gzip size is a little over the length.
    writeFileSync(join(dir, 'widget.js'), randomBytes(bytes.loader));
    writeFileSync(join(dir, 'panel-abc.js'), randomBytes(bytes.panel));
    return dir;
  }

  it('prints both sizes and passes under budget', () => {
    const lines: string[] = [];
    expect(runWidget(build({ loader: 3_000, panel: 30_000 }), (line) => lines.push(line))).toBe(0);
    const output = lines.join('\n');
    expect(output).toMatch(/^loader\s+3\.\d\d kB\s+budget 10\.00 kB\s+ok\s+widget\.js$/m);
    expect(output).toMatch(/^panel\s+30\.\d\d kB\s+budget 60\.00 kB\s+ok\s+panel-abc\.js$/m);
  });

  it('fails when the loader is over 10 kB gzip', () => {
    const lines: string[] = [];
    expect(runWidget(build({ loader: 11_000, panel: 1_000 }), (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toMatch(/The widget's loader weighs 11\.\d\d kB, over its budget of 10\.00 kB/);
  });

  it('fails when the panel is over 60 kB gzip', () => {
    const lines: string[] = [];
    expect(runWidget(build({ loader: 1_000, panel: 61_000 }), (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain('OVER');
  });

  it('fails with a hint when the widget was not built', () => {
    const lines: string[] = [];
    expect(runWidget(join(tmpdir(), 'kawan-no-widget-here'), (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain('run `npm run build` first');
  });
});
