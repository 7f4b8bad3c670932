import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The benches' builds: this tree's, or another commit's for a before/after comparison (bench:bundle, bench:web). */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `vite build` in `cwd` (the client and the server render, as `npm run build`); throws when it fails. */
export function viteBuild(cwd: string): void {
  const run = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd,
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`vite build failed in ${cwd}`);
}

/**
 * `rev` from `git archive` (read-only: this tree is not touched) in a temp dir with this tree's node_modules, built.
 * `remove()` deletes the dir.
 */
export function builtRevision(rev: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-rev-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = spawnSync('sh', ['-c', `git archive ${JSON.stringify(rev)} | tar -x -C ${JSON.stringify(dir)}`], {
      cwd: root,
      stdio: 'inherit',
    });
    if (archive.status !== 0) throw new Error(`git archive ${rev} failed`);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    viteBuild(dir);
    return { dir, remove };
  } catch (err) {
    remove();
    throw err;
  }
}
