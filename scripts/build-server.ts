/**
 * `npm run build:server`: the server as production runs it, bundled by esbuild into build/server/
 * (main.js for `npm start`, worker.js for `npm run worker`, create-pglite.js for the first start on
 * PGlite). Run from the build, a process holds about 75 MB less than under tsx, which compiles
 * every module at start-up and keeps its source maps (docs/decisions/011). Packages stay in
 * node_modules; modules the server loads on first use (the knowledge parsers, the chunker) stay
 * separate files, loaded when first used.
 *
 * Written to a fresh folder that then replaces build/server/ whole, so a process starting at the
 * same moment never reads a half-written file.
 */
import { build, type BuildOptions } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { projectPath } from '../server/support/paths';

/** The esbuild options of a server build; the HTTP bench builds its own child with them. */
export function serverBuildOptions(entryPoints: Record<string, string>, outdir: string): BuildOptions {
  return {
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Flat: a chunk finds its siblings next to it.
    chunkNames: '[name]-[hash]',
    // Not minified: stack traces keep the sources' names.
    minify: false,
    logLevel: 'warning',
    absWorkingDir: projectPath(),
  };
}

export async function buildServer(): Promise<string> {
  const target = projectPath('build', 'server');
  const fresh = `${target}.${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  await build(
    serverBuildOptions(
      {
        main: 'server/main.ts',
        worker: 'server/worker.ts',
        'create-pglite': 'server/db/create-pglite-child.ts',
      },
      fresh,
    ),
  );
  rmSync(target, { recursive: true, force: true });
  renameSync(fresh, target);
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  buildServer().then(
    (target) => console.log(`server built into ${target} in ${Date.now() - started} ms`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
