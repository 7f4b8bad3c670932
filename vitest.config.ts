import { availableParallelism } from 'node:os';
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
 * Within a project, files share worker processes and load the shop's modules anew each (docs/decisions/039).
 */
export default defineConfig({
  resolve: {
    alias: { '@': src('./src/client'), '@common': src('./src/common') },
  },
  test: {
    globals: true,
    teardownTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the other core then
    // idles while tests wait on the database or a server; two keep both busy (docs/decisions/039).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          isolate: false,
          setupFiles: ['tests/setup/fresh-modules.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.tsx'],
          // Files share a process and a jsdom window; the shop's modules load anew for each (fresh-modules.ts), and
          // so do the packages that keep state of their own: the toasts, i18next's instance, the Telegram SDK.
          isolate: false,
          setupFiles: ['tests/setup/fresh-modules.ts', 'tests/setup/client.ts'],
          server: {
            deps: { inline: ['sonner', 'i18next', 'react-i18next', /@telegram-apps\/(?!telegram-ui)/] },
          },
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
          setupFiles: ['tests/setup/fresh-modules.ts', 'tests/setup/integration-file.ts'],
          // Each file in a new process paid ~3 s of imports (the server's packages) for a second of tests: files
          // share a process and those packages; each loads the shop's modules anew (fresh-modules.ts) and builds its
          // own app on its own database, a copy of the run's template (docs/decisions/039).
          isolate: false,
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
          // Two files at a time: a file spends most of its time waiting (on its server's start, the browser, the
          // mail job's rounds), each has its own server, database and browser (docs/decisions/039).
          isolate: false,
          setupFiles: ['tests/setup/fresh-modules.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
