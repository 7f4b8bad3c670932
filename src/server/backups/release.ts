import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The release a backup names in its manifest (docs/decisions/042): package.json's version, and the commit when known —
 * SOURCE_COMMIT or GIT_COMMIT as a build sets them, else the git checkout the shop runs from, else none.
 */
let known: { version: string; commit: string | null } | undefined;

export function currentRelease(): { version: string; commit: string | null } {
  known ??= { version: packageVersion(), commit: commitOf() };
  return known;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function commitOf(): string | null {
  const given = process.env.SOURCE_COMMIT ?? process.env.GIT_COMMIT;
  if (given && /^[0-9a-f]{7,40}$/i.test(given)) return given.slice(0, 12);
  try {
    const out = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: new URL('../../..', import.meta.url),
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    });
    const commit = out.toString('utf8').trim();
    return /^[0-9a-f]{7,40}$/.test(commit) ? commit : null;
  } catch {
    return null;
  }
}
