import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the shop keeps uploaded files (docs/decisions/015, 023): product, banner and content images, receipts, exchange
 * photos, JPEG renditions. One small interface with three implementations, chosen by FILES_URL (create-store.ts): the
 * database (the default, files/db-store.ts), an S3-compatible bucket (files/s3-store.ts), this instance's disk
 * (`file:PATH`, one instance only). Keys are relative names such as `images/3f…a9-640.webp` or `receipts/<hex>.png`,
 * always made by the shop (never taken from a client); a key never leaves the store's root.
 *
 * **Never call the file store inside a database transaction.** The database store runs its queries on the database
 * handle, not on the caller's transaction: on SQLite (one connection, held by the transaction) such a call waits for
 * ever, and on PostgreSQL it takes a second connection for nothing. Ask the store before the transaction (a stored
 * file's key never changes its bytes) and pass the answer in.
 */
export interface FileStore {
  readonly kind: 'db' | 's3' | 'disk';
  /**
   * Writes a file whole, from bytes or a stream: a reader sees the old file or the new one, never half of one. More
   * than FILE_MAX_BYTES is refused (FileTooLargeError) and nothing is written.
   */
  put(key: string, body: FileBody): Promise<void>;
  /** The file as a stream with its size, type and ETag, or null when there is none (or the key is not a file key). */
  get(key: string): Promise<StoredFile | null>;
  has(key: string): Promise<boolean>;
  /** Removes the file; no error when there is none. */
  remove(key: string): Promise<void>;
  /** Every key starting with `prefix` (e.g. `receipts/`), in key order, with its size. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Lets go of what the store holds (a client, a cache); the database handle is the app's to close. */
  close(): Promise<void>;
}

export type FileBody = Uint8Array | Readable;

export interface StoredFile {
  /** The bytes; read it whole or destroy it. */
  stream: Readable;
  size: number;
  /** From the key's extension (contentTypeOf), `application/octet-stream` for anything else. */
  contentType: string;
  /** A tag that changes when the bytes do, without quotes (the database store's is the SHA-256's first 32 hex digits). */
  etag: string;
}

/**
 * The most a store takes in one file: uploads are bounded much lower (MAX_UPLOAD_BYTES, 5 MiB by default); this only
 * stops a programming error from filling the database.
 */
export const FILE_MAX_BYTES = 32 * 1024 * 1024;

export class FileTooLargeError extends Error {
  constructor(key: string) {
    super(`file ${key} is larger than ${FILE_MAX_BYTES} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/** Names a store accepts: letters, digits, '-', '_', '.', in '/'-separated parts, no part starting with '.'. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export const isFileKey = (key: string): boolean => key.length <= 200 && KEY.test(key);

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The content type of a stored file by its key's extension (the keys are the shop's own), or null for another one. */
export const contentTypeOf = (key: string): string | null => {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? null : (CONTENT_TYPES[key.slice(dot + 1).toLowerCase()] ?? null);
};

export const typeOfKey = (key: string): string => contentTypeOf(key) ?? 'application/octet-stream';

export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
}

/** The whole body as one Buffer (at most FILE_MAX_BYTES): for stores that need the length or the bytes up front. */
export async function bodyBytes(key: string, body: FileBody): Promise<Buffer> {
  if (!(body instanceof Readable)) {
    if (body.byteLength > FILE_MAX_BYTES) throw new FileTooLargeError(key);
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body) {
    const buf = typeof part === 'string' ? Buffer.from(part) : Buffer.from(part as Uint8Array);
    size += buf.length;
    if (size > FILE_MAX_BYTES) {
      body.destroy();
      throw new FileTooLargeError(key);
    }
    parts.push(buf);
  }
  return Buffer.concat(parts, size);
}

/**
 * The body cut into pieces of exactly `size` bytes (the last one shorter; one empty piece for an empty body), hashed
 * as it goes: `hash()` is the SHA-256 (hex) once the pieces are all read. Refuses more than FILE_MAX_BYTES.
 */
export function pieces(key: string, body: FileBody, size: number): { chunks: AsyncIterable<Buffer>; hash(): string } {
  const sha = createHash('sha256');
  let digest: string | undefined;
  async function* source(): AsyncGenerator<Buffer> {
    if (!(body instanceof Readable)) {
      if (body.byteLength > FILE_MAX_BYTES) throw new FileTooLargeError(key);
      const all = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      yield all;
      return;
    }
    let total = 0;
    try {
      for await (const part of body) {
        const buf = typeof part === 'string' ? Buffer.from(part) : Buffer.from(part as Uint8Array);
        total += buf.length;
        if (total > FILE_MAX_BYTES) throw new FileTooLargeError(key);
        yield buf;
      }
    } finally {
      body.destroy();
    }
  }
  async function* cut(): AsyncGenerator<Buffer> {
    let pending: Buffer[] = [];
    let pendingSize = 0;
    let emitted = false;
    for await (const buf of source()) {
      sha.update(buf);
      let rest = buf;
      while (pendingSize + rest.length >= size) {
        const take = size - pendingSize;
        pending.push(rest.subarray(0, take));
        rest = rest.subarray(take);
        yield Buffer.concat(pending, size);
        emitted = true;
        pending = [];
        pendingSize = 0;
      }
      if (rest.length > 0) {
        pending.push(rest);
        pendingSize += rest.length;
      }
    }
    if (pendingSize > 0 || !emitted) yield Buffer.concat(pending, pendingSize);
    digest = sha.digest('hex');
  }
  return {
    chunks: cut(),
    hash: () => {
      if (digest === undefined) throw new Error('the body is not read yet');
      return digest;
    },
  };
}

/**
 * A store on this instance's disk, under `root` (`FILES_URL=file:PATH`, or UPLOAD_DIR): for one machine, and as the
 * source of `npm run shop -- import-files`. Other instances do not see its files.
 */
export function diskStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, key);
    if (!isFileKey(key) || !full.startsWith(base + sep)) throw new Error(`not a file key: ${key}`);
    return full;
  };
  async function* walk(dir: string): AsyncGenerator<string> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = resolve(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield full;
    }
  }
  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A name of its own per write: two writes of one key at once each rename a whole file (the last one stays).
      const partial = `${path}.${randomBytes(8).toString('hex')}.partial`;
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(size > FILE_MAX_BYTES ? new FileTooLargeError(key) : null, chunk);
        },
      });
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      try {
        await pipeline(source, limit, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const path = pathOf(key);
      try {
        const s = await stat(path);
        if (!s.isFile()) return null;
        const etag = `${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}`;
        return { stream: createReadStream(path), size: s.size, contentType: typeOfKey(key), etag };
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
    async *list(prefix) {
      for await (const full of walk(base)) {
        const key = relative(base, full).split(sep).join('/');
        if (!key.startsWith(prefix) || !isFileKey(key) || key.endsWith('.partial')) continue;
        const s = await stat(full).catch(() => null);
        if (s) yield { key, size: s.size };
      }
    },
    async close() {},
  };
}
