import { parseArgs } from 'node:util';
import type { Manifest } from '../backups/archive';
import { BackupError } from '../backups/errors';
import { backupTo, restoreFrom } from '../backups/service';
import { loadConfig } from '../config';
import { parseDatabaseUrl } from '../db/connection';
import { UsageError } from './cli-input';

/**
 * `backup FILE` and `restore FILE` (docs/decisions/042). Unlike the other commands they run before the shop is built:
 * a backup must not migrate the database it copies, and a restore must not open (or create) the database it is about
 * to replace. Both read DATABASE_URL as the server does.
 */

export const BACKUP_COMMANDS = new Set(['backup', 'restore']);

const kib = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/** The manifest's counts as one line: `orders 120, order_items 300, …`. */
export const countsLine = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');

const releaseOf = (m: Manifest) => `${m.release.version}${m.release.commit ? ` (${m.release.commit})` : ''}`;

/** Runs `backup` or `restore`; throws BackupError (a refusal, exit 1) or UsageError (exit 2). */
export async function runBackupCommand(
  argv: string[],
  print: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const [command, file, extra] = positionals;
  if (!file) throw new UsageError(`Missing the backup file: npm run shop -- ${command} FILE`);
  if (extra) throw new UsageError(`${command} takes one file, not "${extra}".`);
  const config = loadConfig(env);
  const database = parseDatabaseUrl(config.DATABASE_URL);
  if (command === 'backup') {
    const m = await backupTo(database, file);
    print(`Backup written: ${file} (${kib(m.payload.bytes)}, SHA-256 ${m.payload.sha256}).`);
    print(`  taken ${m.created_at} from ${m.database}, schema ${m.schema}, release ${releaseOf(m)}`);
    print(`  rows: ${countsLine(m.counts)}`);
    return;
  }
  const report = await restoreFrom(database, file);
  const m = report.manifest;
  print(`Restored ${file} (taken ${m.created_at}, schema ${m.schema}, release ${releaseOf(m)}).`);
  if (report.migrated.length) print(`  migrated forward: ${report.migrated.join(', ')}`);
  print(`  rows now: ${countsLine(report.counts)}`);
  if (report.kept) print(`  the replaced database is kept as ${report.kept} (delete it once the shop is checked)`);
}

export { BackupError };
