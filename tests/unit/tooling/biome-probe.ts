import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(__dirname, '../../..');

/**
 * Probe files linted with the project's own biome.json (the import rules' tests): a temporary folder laid out like
 * the repository, made before the calling file's (or describe block's) tests and removed after them. Answers
 * `lint`, which writes the probe files (path → source), lints them, removes them and answers the paths Biome
 * reported, with the rule (`src/x.ts style/noRestrictedImports`).
 */
export function biomeProbe(prefix: string): (files: Record<string, string>) => string[] {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
    config.$schema = undefined;
    config.vcs = { enabled: false };
    config.files = { includes: ['**'] };
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  return (files) => {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    const run = spawnSync(
      join(root, 'node_modules/.bin/biome'),
      ['lint', '--max-diagnostics=200', ...Object.keys(files)],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    for (const path of Object.keys(files)) rmSync(join(dir, path), { force: true });
    return [...`${run.stdout}${run.stderr}`.matchAll(/^(\S+?):\d+:\d+ lint\/(\w+\/\w+)/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
  };
}
