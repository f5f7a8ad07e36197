import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root (the folder of package.json), whether this module runs from the sources
 * (server/support/, under tsx) or from the server build (build/server/, where esbuild put every
 * module in a few files): paths to public/, resources/ and the migrations start here, never from a
 * module's own location.
 */
export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project: `projectPath('public', 'build')`. */
export function projectPath(...segments: string[]): string {
  return join(projectRoot, ...segments);
}

function findRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`No package.json above ${from}`);
  }
}
