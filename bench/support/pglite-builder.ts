/**
 * Short-lived child of bench/support/kawan-server.ts: creates the PGlite database in the directory
 * given as its argument (initdb, migrations, the demo seed with its planner statistics) and exits.
 * The Kawan child then opens that directory, as `npm start` does on every start after its first:
 * PGlite's initdb grows its WebAssembly memory by some 200 MB that the process never gives back,
 * which would otherwise count in the memory figures at rest (docs/decisions/011).
 */
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config/env';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { staticAssets } from '../../server/http/inertia/vite';
import { benchEnv, fallbackVersion } from './protocol';

async function main() {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: pglite-builder.ts <data directory>');
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const { services } = createApp({ config: loadConfig(benchEnv), database, assets: staticAssets(fallbackVersion) });
    await seedDemo(services);
    await services.closeCache();
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
