import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the client could not be built ('' when dist/client is fresh). */
    e2eBuildError: string;
    /** The Chromium executable the e2e tests drive. */
    chromiumPath: string;
  }
}

/**
 * Once per run of the e2e project: build the client when dist/client is missing or stale (the server under
 * test serves it). A failed build is handed to the tests, which fail with it (throwing here would abort the
 * other projects' tests too). The harness checks Chromium when a test launches it.
 */
export default function setup(project: TestProject) {
  const script = fileURLToPath(new URL('../../scripts/ensure-build.mjs', import.meta.url));
  const build = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    stdio: 'pipe',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const output = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim();
  project.provide(
    'e2eBuildError',
    build.status === 0 ? '' : `The client build failed:\n${output.split('\n').slice(-30).join('\n')}`,
  );
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  project.provide('chromiumPath', chromiumPath);
  if (!existsSync(chromiumPath))
    console.warn(`\n[e2e] Chromium is missing at ${chromiumPath}: the e2e tests will fail.\n`);
}
