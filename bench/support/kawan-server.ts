/**
 * Child process of bench/http.ts: Kawan itself (createApp over a migrated in-memory PGlite
 * database, production config, silent logs) listening on 127.0.0.1 on a free port.
 */
import { createServer } from 'node:http';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp, publicDir } from '../../server/app';
import { loadConfig } from '../../server/config/env';
import { openDatabase } from '../../server/db/client';
import { staticAssets, viteAssets, type Assets } from '../../server/http/inertia/vite';
import { benchEnv, fallbackVersion, type ChildMessage, type ParentMessage } from './protocol';

const send = (message: ChildMessage) => process.send?.(message);

async function main() {
  const notes: string[] = [];
  const manifest = join(publicDir, 'build', '.vite', 'manifest.json');
  let assets: Assets;
  let snapshotDir: string | undefined;
  if (existsSync(manifest)) {
    // The production assets (viteAssets, with its per-request checks) over a copy of the manifest:
    // other work rebuilding the client during the runs (`npm run build`, the e2e tests) would
    // otherwise move the asset version and turn the Inertia visits into 409s.
    snapshotDir = mkdtempSync(join(tmpdir(), 'kawan-bench-'));
    mkdirSync(join(snapshotDir, 'build', '.vite'), { recursive: true });
    copyFileSync(manifest, join(snapshotDir, 'build', '.vite', 'manifest.json'));
    assets = viteAssets(snapshotDir);
    notes.push('assets: viteAssets over a copy of public/build/.vite/manifest.json taken at start (production tags)');
  } else {
    notes.push(
      'note: public/build/.vite/manifest.json is missing (run `npm run build` to bench the production assets); ' +
        `using staticAssets('${fallbackVersion}') with no tags`,
    );
    assets = staticAssets(fallbackVersion);
  }

  const config = loadConfig(benchEnv);
  const database = await openDatabase({});
  await database.migrate();
  notes.push(`database: ${database.driver} (in memory), migrated`);
  const { app } = createApp({ config, database, assets });
  const server = createServer(app);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    if (snapshotDir) rmSync(snapshotDir, { recursive: true, force: true });
    server.closeAllConnections();
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'shutdown') shutdown();
  });
  // The parent gone (crash, Ctrl-C): do not linger.
  process.on('disconnect', shutdown);

  server.listen(0, '127.0.0.1', () => {
    send({ type: 'ready', port: (server.address() as AddressInfo).port, notes });
  });
}

main().catch((error: unknown) => {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
