import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { createFileStore } from '../../../../src/server/files/create-store';
import { CHUNK_SIZE, dbStore } from '../../../../src/server/files/db-store';
import { diskStore } from '../../../../src/server/files/store';
import { dialects, freshDatabase, type TestDatabase } from '../../helper';
import { readAll, sha256, storeContract } from './store-contract';

// The file stores (docs/decisions/023): the contract on the database store (both dialects) and on the disk store,
// then what is the database store's own: chunk rows, the image cache, the read fallback to the old upload folder.

const tempDir = () => mkdtempSync(join(tmpdir(), 'leafcup-files-'));

for (const dialect of dialects) {
  storeContract(`database (${dialect})`, async () => {
    const database = await freshDatabase(dialect);
    await migrateToLatest(database.db);
    const store = dbStore(database.db);
    return {
      store,
      close: async () => {
        await store.close();
        await database.close();
      },
    };
  });
}

storeContract('disk', async () => {
  const dir = tempDir();
  return { store: diskStore(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe.each(dialects)('the database store on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps a file as chunk rows of 256 KiB, removed with the file', async () => {
    const store = dbStore(database.db);
    const bytes = Buffer.alloc(CHUNK_SIZE * 2 + 10, 7);
    await store.put('receipts/chunks.png', bytes);
    const file = await database.db
      .selectFrom('files')
      .selectAll()
      .where('key', '=', 'receipts/chunks.png')
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ size: bytes.length, sha256: sha256(bytes), chunk_size: CHUNK_SIZE });
    const chunks = await database.db
      .selectFrom('file_chunks')
      .select(['seq', (eb) => eb.fn('length', ['data']).as('length')])
      .where('file_id', '=', file.id)
      .orderBy('seq')
      .execute();
    expect(chunks.map((c) => [c.seq, Number(c.length)])).toEqual([
      [0, CHUNK_SIZE],
      [1, CHUNK_SIZE],
      [2, 10],
    ]);
    expect((await store.get('receipts/chunks.png'))!.etag).toBe(sha256(bytes).slice(0, 32));
    await store.remove('receipts/chunks.png');
    const left = await database.db.selectFrom('file_chunks').select('seq').where('file_id', '=', file.id).execute();
    expect(left).toEqual([]);
  });

  it('a download that loses its file midway fails, and never ends short as if whole', async () => {
    const store = dbStore(database.db);
    await store.put('receipts/midway.png', Buffer.alloc(CHUNK_SIZE * 6, 1));
    const file = await store.get('receipts/midway.png');
    await database.db.deleteFrom('files').where('key', '=', 'receipts/midway.png').execute();
    await expect(readAll(file!.stream)).rejects.toThrow(/removed while being read/);
  });

  it('keeps public images in memory once read, and lets go of them on removal; receipts are never kept', async () => {
    const store = dbStore(database.db);
    const image = Buffer.from('webp bytes');
    await store.put('images/cached-640.webp', image);
    await store.put('receipts/not-cached.png', Buffer.from('receipt'));
    (await store.get('images/cached-640.webp'))!.stream.destroy();
    (await store.get('receipts/not-cached.png'))!.stream.destroy();
    // Gone from the table behind the store's back (as if another instance removed them): the image is still served
    // from memory (an image's key never changes its bytes), the receipt is not.
    await database.db
      .deleteFrom('files')
      .where('key', 'in', ['images/cached-640.webp', 'receipts/not-cached.png'])
      .execute();
    const cached = await store.get('images/cached-640.webp');
    expect((await readAll(cached!.stream)).bytes.equals(image)).toBe(true);
    expect(await store.get('receipts/not-cached.png')).toBeNull();
    await store.remove('images/cached-640.webp');
    expect(await store.get('images/cached-640.webp')).toBeNull();
  });

  it('reads a key it lacks from the old upload folder until it is imported (FILES_URL unset)', async () => {
    const dir = tempDir();
    try {
      mkdirSync(join(dir, 'receipts'));
      writeFileSync(join(dir, 'receipts', 'old.png'), 'old receipt');
      const warnings: string[] = [];
      const store = await createFileStore({ FILES_URL: undefined, UPLOAD_DIR: dir }, database.db, {
        info: () => {},
        warn: (m) => warnings.push(m),
      });
      expect(store.kind).toBe('db');
      expect(warnings.join()).toMatch(/import-files/);
      expect(await store.has('receipts/old.png')).toBe(true);
      expect((await readAll((await store.get('receipts/old.png'))!.stream)).bytes.toString()).toBe('old receipt');
      // Written to the database, not the folder.
      await store.put('receipts/new.png', Buffer.from('new'));
      expect(await dbStore(database.db).has('receipts/new.png')).toBe(true);
      // An empty (or missing) folder: no fallback, no warning.
      const empty = await createFileStore({ UPLOAD_DIR: join(dir, 'none') }, database.db, {
        info: () => {},
        warn: (m) => warnings.push(`again: ${m}`),
      });
      expect(await empty.has('receipts/old.png')).toBe(false);
      expect(warnings.some((w) => w.startsWith('again'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('FILES_URL', () => {
  it('file:PATH is the disk store, with a warning that other instances cannot read it', async () => {
    const dir = tempDir();
    const warnings: string[] = [];
    const database = await freshDatabase('sqlite');
    try {
      const store = await createFileStore({ FILES_URL: `file:${dir}`, UPLOAD_DIR: dir }, database.db, {
        info: () => {},
        warn: (m) => warnings.push(m),
      });
      expect(store.kind).toBe('disk');
      expect(warnings.join()).toMatch(/other instances cannot read them/);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
