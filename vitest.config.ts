import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Four projects (run one with `vitest run --project <name>`):
 * - unit: node code (server rules, common code), `tests/unit/**\/*.test.ts`
 * - client: React components in jsdom, `tests/unit/**\/*.test.tsx`
 * - integration: the server through `app.inject` on SQLite and PostgreSQL, `tests/integration/**\/*.test.ts`
 * - e2e: the real server and Chromium, `tests/e2e/**\/*.e2e.ts` (after the others: it needs the CPU)
 */
export default defineConfig({
  resolve: {
    alias: { '@': src('./src/client'), '@common': src('./src/common') },
  },
  test: {
    globals: true,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.tsx'],
          setupFiles: ['tests/setup/client.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/integration-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/setup/e2e-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
