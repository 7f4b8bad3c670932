import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Manifest } from './archive';
import { BackupError, fileProblem } from './errors';
import { backupTime } from './retention';

/**
 * Where scheduled backups go (docs/decisions/042): BACKUP_DIR, a folder on this machine, or BACKUP_URL, an S3-compatible
 * bucket through the SDK the file store already uses. Only files named like the job's own (`leafcup-<time>Z.backup`)
 * are listed, so retention never deletes anything else in the folder or bucket.
 */
export interface BackupDestination {
  /** For messages: the folder, or `s3://bucket/prefix`. */
  readonly where: string;
  /** Writes backup `name`: `write` makes the file at the path it is given (writing nothing there on failure). */
  store(name: string, write: (path: string) => Promise<Manifest>): Promise<Manifest>;
  /** The job's backups here, with the time each was taken (from its name). */
  list(): Promise<Array<{ name: string; at: Date }>>;
  remove(name: string): Promise<void>;
  close(): void;
}

export function folderDestination(dir: string): BackupDestination {
  const folder = resolve(dir);
  return {
    where: folder,
    store: (name, write) => write(join(folder, name)),
    async list() {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (err) {
        throw fileProblem(err, folder, 'read');
      }
      return names.flatMap((name) => {
        const at = backupTime(name);
        return at ? [{ name, at }] : [];
      });
    },
    remove: (name) => rm(join(folder, name), { force: true }),
    close: () => undefined,
  };
}

/** A bucket's failure as the operator reads it: which bucket, and the SDK's reason (never credentials). */
function bucketProblem(err: unknown, where: string, doing: string): BackupError {
  const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return new BackupError(`Cannot ${doing} ${where}: ${reason}`);
}

/** The bucket destination; the AWS SDK is loaded only when BACKUP_URL is set (as for FILES_URL). */
export async function bucketDestination(url: string): Promise<BackupDestination> {
  const { s3Objects } = await import('../files/s3-store');
  const bucket = s3Objects(url, 'BACKUP_URL');
  const { where } = bucket;
  return {
    where,
    async store(name, write) {
      // Written on this machine first (checked, complete), then uploaded whole: a failed upload leaves no object.
      const work = mkdtempSync(join(tmpdir(), 'leafcup-backup-'));
      try {
        const file = join(work, name);
        const manifest = await write(file);
        await bucket
          .putFile(name, file, { sha256: manifest.payload.sha256, schema: manifest.schema })
          .catch((err: unknown) => {
            throw bucketProblem(err, where, `upload ${name} to`);
          });
        return manifest;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    async list() {
      const names = await bucket.names().catch((err: unknown) => {
        throw bucketProblem(err, where, 'list');
      });
      return names.flatMap((name) => {
        const at = backupTime(name);
        return at ? [{ name, at }] : [];
      });
    },
    remove: (name) => bucket.remove(name),
    close: () => bucket.close(),
  };
}
