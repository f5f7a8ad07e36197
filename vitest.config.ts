import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./resources/js', import.meta.url)) };

/**
 * Feature files that replace a module with `vi.mock`. The other feature files share each worker's
 * modules (`isolate: false`): every file imported the whole server again, about 4.5 s a file and
 * 40 % of the suite's time, where each file builds its own app and database anyway. A mock must
 * reach a module before anything else imports it, so these files keep a module registry of their own.
 */
const featureDir = fileURLToPath(new URL('./tests/feature/', import.meta.url));
const mockingFeatureFiles = readdirSync(featureDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') || file.endsWith('.test.tsx'))
  .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(join(featureDir, file), 'utf8')))
  .map((file) => `tests/feature/${file.split('\\').join('/')}`)
  .sort();

const featureSetup = {
  environment: 'node' as const,
  globalSetup: ['tests/setup/feature-global.ts'],
  setupFiles: ['tests/setup/feature-env.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Three layers, one runner: `vitest run --project unit|'feature*'|e2e` (feature and feature-mocks).
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default of one worker less than the cores is one worker on the 2-core machines
    // Kawan is built and checked on: the feature files then run one after the other (12.5 min on
    // PGlite). Their time is partly spent waiting (timers, sockets, the database), so two at once
    // take 8 min there; each file has its own database, so they never meet.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          ...featureSetup,
          name: 'feature',
          include: ['tests/feature/**/*.test.{ts,tsx}'],
          exclude: mockingFeatureFiles,
          isolate: false,
        },
      },
      ...(mockingFeatureFiles.length === 0
        ? []
        : [{ resolve: { alias }, test: { ...featureSetup, name: 'feature-mocks', include: mockingFeatureFiles } }]),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/e2e-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
