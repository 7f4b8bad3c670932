import { opendir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { dbStore } from './db-store';
import { diskStore, type FileStore } from './store';

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * The file store FILES_URL names (docs/decisions/023): unset or `db` → the database; `file:PATH` → this machine's disk
 * (one instance only: the others cannot read it); `s3://…` → an S3-compatible bucket (the AWS SDK is loaded only then).
 *
 * With the database or S3 store, files still in UPLOAD_DIR (from before the stores of docs/decisions/023) are read from
 * there until `npm run shop -- import-files` has moved them in: nothing 404s between the upgrade and the import.
 */
export async function createFileStore(
  config: Pick<Config, 'FILES_URL' | 'UPLOAD_DIR'>,
  db: Db,
  log?: Log,
  /** Read keys the store lacks from UPLOAD_DIR while it holds files (default true; not for the import command). */
  { readFallback = true }: { readFallback?: boolean } = {},
): Promise<FileStore> {
  const url = config.FILES_URL;
  let store: FileStore;
  if (!url || url === 'db') {
    store = dbStore(db);
  } else if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    log?.warn(
      `files are stored on this machine's disk (FILES_URL=file:${path}): other instances cannot read them; ` +
        'run one instance, or unset FILES_URL to keep them in the database',
    );
    return diskStore(path);
  } else if (url.startsWith('s3://')) {
    const { createS3Store } = await import('./s3-store');
    store = createS3Store(url);
  } else {
    throw new Error('FILES_URL must be db, file:PATH or s3://…');
  }
  if (readFallback && (await holdsFiles(config.UPLOAD_DIR))) {
    log?.warn(
      `UPLOAD_DIR (${config.UPLOAD_DIR}) still holds files: they are read from there until moved into the ${store.kind} ` +
        'store with `npm run shop -- import-files` (see the README, Running several instances)',
    );
    return withReadFallback(store, diskStore(config.UPLOAD_DIR));
  }
  return store;
}

/** Whether `dir` holds at least one file (at any depth); false when there is no such folder. */
async function holdsFiles(dir: string): Promise<boolean> {
  const look = async (path: string): Promise<boolean> => {
    const handle = await opendir(path).catch(() => null);
    if (!handle) return false;
    for await (const entry of handle) {
      if (entry.isFile()) return true;
      if (entry.isDirectory() && (await look(resolve(path, entry.name)))) return true;
    }
    return false;
  };
  return look(resolve(dir));
}

/**
 * `primary`, reading a key it lacks from `old` (the upload folder of before the database store): writes and lists go
 * to `primary` only; a removal removes from both, so retention also deletes an old receipt.
 */
export function withReadFallback(primary: FileStore, old: FileStore): FileStore {
  return {
    kind: primary.kind,
    put: (key, body) => primary.put(key, body),
    async get(key) {
      return (await primary.get(key)) ?? old.get(key);
    },
    async has(key) {
      return (await primary.has(key)) || old.has(key);
    },
    async remove(key) {
      await primary.remove(key);
      await old.remove(key).catch(() => {});
    },
    list: (prefix) => primary.list(prefix),
    close: () => primary.close(),
  };
}
