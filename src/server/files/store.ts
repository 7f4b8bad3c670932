import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where the shop keeps uploaded files (docs/decisions/015): one small interface, so the files can move from the
 * instance's disk to a store every instance reads (issue 16) without touching the code that writes or serves them.
 * Keys are relative names such as `images/3f…a9-640.webp`; a key never leaves the store's root.
 */
export interface FileStore {
  /** Writes a file; writing a key that exists replaces it whole (never half-written). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** A stream of the file and its size, or null when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

/** Names a store accepts: letters, digits, '-', '_', '.', in '/'-separated parts, no part starting with '.'. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export const isFileKey = (key: string): boolean => key.length <= 200 && KEY.test(key);

/** A store on this instance's disk, under `root` (UPLOAD_DIR). */
export function diskStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, key);
    if (!isFileKey(key) || !full.startsWith(base + sep)) throw new Error(`not a file key: ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A name of its own per write: two writes of one key at once each rename a whole file (the last one stays).
      const partial = `${path}.${randomBytes(8).toString('hex')}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const path = pathOf(key);
      try {
        const { size, isFile } = await stat(path).then((s) => ({ size: s.size, isFile: s.isFile() }));
        if (!isFile) return null;
        return { stream: createReadStream(path), size };
      } catch {
        return null;
      }
    },
    async has(key) {
      if (!isFileKey(key)) return false;
      return stat(pathOf(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
