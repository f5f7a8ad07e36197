import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./resources/js', import.meta.url)) };

// Three layers, one runner: `vitest run --project unit|feature|e2e`.
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
          name: 'feature',
          include: ['tests/feature/**/*.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['tests/setup/feature-global.ts'],
          setupFiles: ['tests/setup/feature-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
