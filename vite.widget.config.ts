import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';

/**
 * The embeddable chat widget (resources/widget/), built apart from the app into public/build/widget
 * by `npm run build:client` after the app's build (which empties public/build):
 *
 *   widget.js          the loader a customer's page runs, `<script src="<APP_URL>/widget.js"
 *                      data-channel="…" async>`: an IIFE with no imports, under a stable name (the
 *                      server serves it at /widget.js with a short cache).
 *   panel-<hash>.js    the chat panel with the realtime client (laravel-echo, pusher-js): one ES
 *                      module, no imports, loaded by the loader with `import()` from
 *                      <APP_URL>/build/widget/ on first open (cross-origin: it needs CORS).
 *   manifest.json      `{ loader, panel, files }`, for the server and scripts/bundle-size.ts.
 *
 * The loader knows the panel's hashed name at build time: this config builds the panel first, then
 * (closeBundle) the loader with the name defined as `__KAWAN_PANEL_FILE__`, so opening the chat
 * costs one request, and a cached old widget.js still names a panel that the same deploy shipped.
 * `npm run build` checks both against their budgets (scripts/bundle-size.ts).
 */

const outDir = 'public/build/widget';
const loaderFile = 'widget.js';

function buildLoader(): Plugin {
  let panelFile = '';
  const files: string[] = [];
  return {
    name: 'kawan-widget-loader',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        files.push(chunk.fileName);
        if (chunk.type === 'chunk' && chunk.isEntry) panelFile = chunk.fileName;
      }
    },
    async closeBundle() {
      if (!panelFile) throw new Error('vite.widget.config.ts: the panel build produced no entry chunk');
      await build({
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        define: { __KAWAN_PANEL_FILE__: JSON.stringify(panelFile) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          reportCompressedSize: false,
          rolldownOptions: {
            input: 'resources/widget/loader.ts',
            output: { format: 'iife', entryFileNames: loaderFile },
          },
        },
      });
      const manifest = {
        loader: loaderFile,
        panel: panelFile,
        files: [loaderFile, ...files.filter((file) => !file.startsWith('.'))],
      };
      writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  base: '/build/widget/',
  publicDir: false,
  plugins: [buildLoader()],
  build: {
    outDir,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: true,
    modulePreload: false,
    rolldownOptions: {
      input: { panel: 'resources/widget/panel/panel.ts' },
      // Keep `mount`: an app build would drop the entry's exports.
      preserveEntrySignatures: 'strict',
      output: { format: 'es', entryFileNames: 'panel-[hash].js', chunkFileNames: 'panel-[name]-[hash].js' },
    },
  },
});
