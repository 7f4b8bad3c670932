import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupTo } from '../../../../src/server/backups/service';
import { parseDatabaseUrl } from '../../../../src/server/db/connection';
import { buildTestApp, type TestApp } from '../../helper';

/** A real full disk: a small tmpfs (mounting one needs root, so the test runs only as root). */
function smallDisk(bytes: number): { dir: string; release(): void } | null {
  if (process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    release: () => {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A backup onto a disk that fills up fails with a clear message and leaves nothing behind (docs/decisions/042): neither
 * the database's copy nor a half-written backup file. SQLite: the disk fills while SQLite copies, or later while the
 * backup file is written.
 */
describe('a backup onto a full disk (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const size = () => statSync(parseDatabaseUrl(t.config.DATABASE_URL).location).size;

  it.each([
    ['while SQLite copies the database', () => 64 * 1024],
    ['while the backup file is written', () => Math.ceil((size() * 1.1) / 4096) * 4096],
  ])('%s', async (_, bytes) => {
    const disk = smallDisk(bytes());
    if (!disk) return; // not root, or no tmpfs: nothing to test here
    try {
      const file = join(disk.dir, 'shop.backup');
      await expect(backupTo(parseDatabaseUrl(t.config.DATABASE_URL), file)).rejects.toThrow(
        /^Cannot write .*: the disk is full\. Nothing was left half-written; free some space\.$/,
      );
      expect(readdirSync(disk.dir)).toEqual([]);
    } finally {
      disk.release();
    }
  });
});
