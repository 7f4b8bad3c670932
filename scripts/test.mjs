#!/usr/bin/env node
// `npm test`: everything a reviewer or CI runs, in order, on a fresh Debian machine.
// 1. installs what the tests need and npm cannot (Debian's Chromium, when run as root);
// 2. type-check (tsc), lint (biome), client build (vite);
// 3. vitest: unit, client, integration (SQLite and PostgreSQL) and e2e (Chromium) projects, then the ten slowest
//    test files (tests/support/slowest-files.ts).
// `npm run test:quick` (`--quick`), the loop while working: type-check, lint, and the unit, client and integration
// projects on SQLite alone (TEST_DIALECTS=sqlite); no Chromium, no build, no e2e (docs/decisions/039).
// Every step runs even when an earlier one failed (so one run shows every problem); the exit code is non-zero
// when any failed. Extra arguments go to vitest (`npm test -- --project unit`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const quick = process.argv.includes('--quick');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--quick');
const results = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(label, command, args, { env, last = false } = {}) {
  console.log(`\n▶ ${label}: ${[command.replace(`${root}/`, ''), ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ms = Date.now() - started;
  const ok = result.status === 0;
  results.push({ label, ok, ms });
  if (last) return ok; // vitest's own summary (with its duration) stays the last thing printed
  console.log(
    `${ok ? '✓' : '✗'} ${label} ${ok ? 'passed' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds(ms)}`,
  );
  return ok;
}

// 1. System packages (the browser, for the e2e tests only).
if (!quick && !existsSync(chromium)) {
  if (isRoot) {
    const apt = ['-y', '-o', 'DPkg::Lock::Timeout=600', '-o', 'Acquire::Retries=3'];
    run('install Chromium (apt-get update)', 'apt-get', ['update', ...apt.slice(1)]);
    run('install Chromium', 'apt-get', ['install', ...apt, 'chromium'], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.warn(
      `\n! Chromium is missing at ${chromium} and this is not root: the e2e tests will fail.\n` +
        '  Install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run `npm test` again.',
    );
  }
}

// 2. Static checks and the client build.
run('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
run('lint', bin('biome'), ['check', '.']);
if (!quick) run('build', bin('vite'), ['build', '--logLevel', 'warn'], { env: { NODE_ENV: 'production' } });

console.log('\nStep times:');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.label.padEnd(34)} ${seconds(r.ms).padStart(8)}`);

// 3. The tests; vitest's summary (and its own duration), then the slowest files, close the output.
const failedBefore = results.filter((r) => !r.ok).map((r) => r.label);
const reporters = ['--reporter=default', '--reporter=./tests/support/slowest-files.ts'];
const projects = quick ? ['--project', 'unit', '--project', 'client', '--project', 'integration'] : [];
const testsOk = run('tests', bin('vitest'), ['run', ...reporters, ...projects, ...vitestArgs], {
  last: true,
  env: quick ? { TEST_DIALECTS: process.env.TEST_DIALECTS || 'sqlite' } : {},
});
if (failedBefore.length) {
  console.error(
    `npm ${quick ? 'run test:quick' : 'test'} FAILED: ${failedBefore.join(', ')}${testsOk ? '' : ', tests'}`,
  );
}
process.exit(testsOk && !failedBefore.length ? 0 : 1);
