import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import { assertFileKey, type FileStore, isFileKey, pieces, type StoredFile, typeOfKey } from './store';

/**
 * The database file store (docs/decisions/023), the default: every instance on one PostgreSQL reads the same files,
 * and a SQLite shop keeps them in its one file. A file is a `files` row (key, size, SHA-256) and its bytes in
 * `file_chunks` rows of CHUNK_SIZE, so a download reads a few chunks per query, without a transaction, and a slow
 * client holds no connection between them; most images are one chunk, read with the metadata in one query.
 *
 * Public images (`images/…`, named by their content, never changed) are kept in an in-process LRU once read: a product
 * list's first visit asks for about twenty of them, and from PostgreSQL each costs milliseconds.
 */

/** Bytes per chunk row. */
export const CHUNK_SIZE = 256 * 1024;
/** Chunks read per query after the first. */
const CHUNKS_PER_READ = 4;
/** Keys listed per query. */
const LIST_PAGE = 500;

export interface DbStoreOptions {
  /** Bytes of `images/` bodies kept in memory (0: none). Default 64 MiB. */
  imageCacheBytes?: number;
  /** The largest body the cache keeps. Default 512 KiB. */
  imageCacheEntryBytes?: number;
}

interface CachedImage {
  data: Buffer;
  etag: string;
}

const etagOf = (sha256: string) => sha256.slice(0, 32);

/** The in-process cache of public images: kept once read, when small enough (none when `imageCacheBytes` is 0). */
class ImageCache {
  private readonly entries: LRUCache<string, CachedImage> | null;
  private readonly entryBytes: number;

  constructor(options: DbStoreOptions) {
    const cacheBytes = options.imageCacheBytes ?? 64 * 1024 * 1024;
    this.entryBytes = options.imageCacheEntryBytes ?? 512 * 1024;
    this.entries =
      cacheBytes > 0
        ? new LRUCache<string, CachedImage>({ maxSize: cacheBytes, sizeCalculation: (v) => Math.max(1, v.data.length) })
        : null;
  }

  get(key: string): CachedImage | undefined {
    return this.entries?.get(key);
  }

  has(key: string): boolean {
    return this.entries?.has(key) ?? false;
  }

  /** Keeps a body read whole, if it is an image small enough. */
  offer(key: string, size: number, image: CachedImage): void {
    if (this.entries !== null && key.startsWith('images/') && size <= this.entryBytes) this.entries.set(key, image);
  }

  delete(key: string): void {
    this.entries?.delete(key);
  }

  clear(): void {
    this.entries?.clear();
  }
}

export function dbStore(db: Db, options: DbStoreOptions = {}): FileStore {
  const images = new ImageCache(options);
  const pg = isPostgres(db as unknown as Kysely<unknown>);
  return {
    kind: 'db',
    async put(key, body) {
      assertFileKey(key);
      images.delete(key);
      await writeFile(db, pg, key, body);
    },
    async get(key): Promise<StoredFile | null> {
      if (!isFileKey(key)) return null;
      const hit = images.get(key);
      if (hit)
        return {
          stream: Readable.from([hit.data]),
          size: hit.data.length,
          contentType: typeOfKey(key),
          etag: hit.etag,
        };
      return readFile(db, images, key);
    },
    async has(key) {
      if (!isFileKey(key)) return false;
      if (images.has(key)) return true;
      const row = await db.selectFrom('files').select('id').where('key', '=', key).executeTakeFirst();
      return row !== undefined;
    },
    async remove(key) {
      assertFileKey(key);
      images.delete(key);
      await db.deleteFrom('files').where('key', '=', key).execute();
    },
    list: (prefix) => listFiles(db, prefix),
    async close() {
      images.clear();
    },
  };
}

/** Writes a file whole, in one transaction: its row, then its chunks, then its size and hash. */
async function writeFile(db: Db, pg: boolean, key: string, body: Parameters<FileStore['put']>[1]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two writes of one key at once take turns (PostgreSQL; SQLite has one writer anyway): the second replaces the
    // first whole, as on disk, instead of failing on the unique key.
    if (pg) await sql`select pg_advisory_xact_lock(hashtext(${`leafcup.file:${key}`}))`.execute(trx);
    await trx.deleteFrom('files').where('key', '=', key).execute();
    const row = await trx
      .insertInto('files')
      .values({ key, size: 0, sha256: '', chunk_size: CHUNK_SIZE, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body$ = pieces(key, body, CHUNK_SIZE);
    let seq = 0;
    let size = 0;
    for await (const data of body$.chunks) {
      await trx.insertInto('file_chunks').values({ file_id: row.id, seq, data }).execute();
      seq += 1;
      size += data.length;
    }
    await trx.updateTable('files').set({ size, sha256: body$.hash() }).where('id', '=', row.id).execute();
  });
}

/** A file from the database: its metadata and first chunk in one query, the rest streamed a few chunks at a time. */
async function readFile(db: Db, images: ImageCache, key: string): Promise<StoredFile | null> {
  const contentType = typeOfKey(key);
  const head = await db
    .selectFrom('files')
    .leftJoin('file_chunks', (j) => j.onRef('file_chunks.file_id', '=', 'files.id').on('file_chunks.seq', '=', 0))
    .select(['files.id', 'files.size', 'files.sha256', 'file_chunks.data'])
    .where('files.key', '=', key)
    .executeTakeFirst();
  if (!head?.data) return null;
  const etag = etagOf(head.sha256);
  const first = head.data;
  if (first.length >= head.size) {
    images.offer(key, head.size, { data: first, etag });
    return { stream: Readable.from([first]), size: head.size, contentType, etag };
  }
  const { id, size } = head;
  async function* all(): AsyncGenerator<Buffer> {
    yield first;
    yield* restOf(db, id, key, 1, first.length, size);
  }
  return { stream: Readable.from(all(), { objectMode: false }), size, contentType, etag };
}

/** Chunks of file `id` from `fromSeq` on, a few per query, checked to add up to `size`. */
async function* restOf(
  db: Db,
  id: number,
  key: string,
  fromSeq: number,
  have: number,
  size: number,
): AsyncGenerator<Buffer> {
  let seq = fromSeq;
  let read = have;
  while (read < size) {
    const rows = await db
      .selectFrom('file_chunks')
      .select(['seq', 'data'])
      .where('file_id', '=', id)
      .where('seq', '>=', seq)
      .orderBy('seq')
      .limit(CHUNKS_PER_READ)
      .execute();
    if (rows.length === 0 || rows[0]!.seq !== seq) throw new Error(`file ${key} was removed while being read`);
    for (const row of rows) {
      if (row.seq !== seq) throw new Error(`file ${key} was removed while being read`);
      read += row.data.length;
      seq += 1;
      yield row.data;
    }
  }
  if (read !== size) throw new Error(`file ${key} has ${read} bytes, not ${size}`);
}

/** The keys starting with `prefix`, with their sizes, in key order, a page per query. */
async function* listFiles(db: Db, prefix: string): AsyncGenerator<{ key: string; size: number }> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('files')
      .select(['key', 'size'])
      .where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix)
      .where('key', '>', after)
      .orderBy('key')
      .limit(LIST_PAGE)
      .execute();
    for (const row of rows) yield row;
    if (rows.length < LIST_PAGE) return;
    after = rows[rows.length - 1]!.key;
  }
}
