import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { FILE_MAX_BYTES, type FileStore, FileTooLargeError } from '../../../../src/server/files/store';

/**
 * What every file store does (files/store.ts, docs/decisions/023), as one suite run on each implementation: the
 * database store on SQLite and PostgreSQL, the disk store (store-contract.test.ts) and the S3 store on a fake S3
 * (s3-store.test.ts). `open` gives a fresh, empty store and a way to close it.
 */
export interface ContractStore {
  store: FileStore;
  close(): Promise<void>;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function readAll(stream: Readable): Promise<{ bytes: Buffer; pieces: number }> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return { bytes: Buffer.concat(parts), pieces: parts.length };
}

export async function listed(store: FileStore, prefix: string): Promise<{ key: string; size: number }[]> {
  const out: { key: string; size: number }[] = [];
  for await (const entry of store.list(prefix)) out.push(entry);
  return out;
}

/** A stream of `total` random-ish bytes in `piece`-byte parts, and the SHA-256 of all of them. */
export function bigBody(total: number, piece = 64 * 1024): { stream: Readable; sha256: string } {
  const block = randomBytes(piece);
  const hash = createHash('sha256');
  const parts: Buffer[] = [];
  for (let at = 0; at < total; at += piece) {
    const part = Buffer.from(block.subarray(0, Math.min(piece, total - at)));
    if (part.length >= 4) part.writeUInt32BE(at % 0xffffffff, 0);
    hash.update(part);
    parts.push(part);
  }
  return { stream: Readable.from(parts), sha256: hash.digest('hex') };
}

export function storeContract(name: string, open: () => Promise<ContractStore>): void {
  describe(`file store contract: ${name}`, () => {
    let c: ContractStore;
    let store: FileStore;
    beforeAll(async () => {
      c = await open();
      store = c.store;
    });
    afterAll(async () => {
      await c?.close();
    });

    it('puts, gets, has and removes a file, with its type, size and ETag', async () => {
      const bytes = randomBytes(1000);
      await store.put('receipts/contract-a.png', bytes);
      expect(await store.has('receipts/contract-a.png')).toBe(true);
      const file = await store.get('receipts/contract-a.png');
      expect(file).not.toBeNull();
      expect(file!.size).toBe(1000);
      expect(file!.contentType).toBe('image/png');
      expect(file!.etag).toMatch(/^[^"\s]{4,}$/);
      expect((await readAll(file!.stream)).bytes.equals(bytes)).toBe(true);
      // The same bytes read again: the same ETag.
      const again = await store.get('receipts/contract-a.png');
      expect(again!.etag).toBe(file!.etag);
      again!.stream.destroy();

      await store.remove('receipts/contract-a.png');
      expect(await store.has('receipts/contract-a.png')).toBe(false);
      expect(await store.get('receipts/contract-a.png')).toBeNull();
      // Removing what is not there is not an error.
      await store.remove('receipts/contract-a.png');
    });

    it('names each kind of file by its extension', async () => {
      for (const [key, type] of [
        ['images/contract-t-640.webp', 'image/webp'],
        ['exchanges/contract-t.jpg', 'image/jpeg'],
        ['images/contract-t-640.jpg', 'image/jpeg'],
      ] as const) {
        await store.put(key, Buffer.from('x'));
        const file = await store.get(key);
        expect(file?.contentType).toBe(type);
        file?.stream.destroy();
        await store.remove(key);
      }
    });

    it('answers nothing for a missing file or a key that is not a file key, and refuses to write one', async () => {
      expect(await store.get('receipts/none.png')).toBeNull();
      expect(await store.has('receipts/none.png')).toBe(false);
      for (const bad of ['../etc/passwd', '/abs.png', 'receipts/../../x.png', '.hidden', 'a//b.png', '']) {
        expect(await store.get(bad)).toBeNull();
        expect(await store.has(bad)).toBe(false);
        await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow();
      }
    });

    it('replaces a file whole when its key is written again', async () => {
      await store.put('images/contract-b-320.webp', Buffer.alloc(600_000, 1));
      const before = await store.get('images/contract-b-320.webp');
      before!.stream.destroy();
      await store.put('images/contract-b-320.webp', Buffer.from('short'));
      const after = await store.get('images/contract-b-320.webp');
      expect(after!.size).toBe(5);
      expect(after!.etag).not.toBe(before!.etag);
      expect((await readAll(after!.stream)).bytes.toString()).toBe('short');
      await store.remove('images/contract-b-320.webp');
    });

    it('keeps an empty file', async () => {
      await store.put('receipts/contract-empty.png', new Uint8Array(0));
      const file = await store.get('receipts/contract-empty.png');
      expect(file!.size).toBe(0);
      expect((await readAll(file!.stream)).bytes.length).toBe(0);
      await store.remove('receipts/contract-empty.png');
    });

    it('takes a stream and serves a large file back streamed, byte for byte', async () => {
      const total = 3 * 1024 * 1024 + 12_345;
      const body = bigBody(total);
      await store.put('receipts/contract-big.png', body.stream);
      const file = await store.get('receipts/contract-big.png');
      expect(file!.size).toBe(total);
      const { bytes, pieces } = await readAll(file!.stream);
      expect(bytes.length).toBe(total);
      expect(sha256(bytes)).toBe(body.sha256);
      // Read in parts, not handed over as one buffer.
      expect(pieces).toBeGreaterThan(1);
      await store.remove('receipts/contract-big.png');
    });

    it(`refuses more than FILE_MAX_BYTES (${FILE_MAX_BYTES}) and keeps nothing of it`, async () => {
      const body = bigBody(FILE_MAX_BYTES + 1, 1024 * 1024);
      await expect(store.put('receipts/contract-huge.png', body.stream)).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await store.has('receipts/contract-huge.png')).toBe(false);
      expect(await listed(store, 'receipts/contract-huge')).toEqual([]);
    });

    it('lists the keys under a prefix, in key order, with their sizes', async () => {
      await store.put('receipts/list-b.png', Buffer.alloc(2));
      await store.put('receipts/list-a.png', Buffer.alloc(1));
      await store.put('images/list-c-320.webp', Buffer.alloc(3));
      expect(await listed(store, 'receipts/list-')).toEqual([
        { key: 'receipts/list-a.png', size: 1 },
        { key: 'receipts/list-b.png', size: 2 },
      ]);
      expect(await listed(store, 'images/list-')).toEqual([{ key: 'images/list-c-320.webp', size: 3 }]);
      expect(await listed(store, 'nothing/')).toEqual([]);
      for (const key of ['receipts/list-a.png', 'receipts/list-b.png', 'images/list-c-320.webp']) {
        await store.remove(key);
      }
    });

    it('two writes of one key at once leave one whole file', async () => {
      const a = Buffer.alloc(300_000, 'a');
      const b = Buffer.alloc(300_000, 'b');
      await Promise.all([store.put('images/contract-race-640.webp', a), store.put('images/contract-race-640.webp', b)]);
      const { bytes } = await readAll((await store.get('images/contract-race-640.webp'))!.stream);
      expect(bytes.equals(a) || bytes.equals(b)).toBe(true);
      expect(await listed(store, 'images/contract-race')).toHaveLength(1);
      await store.remove('images/contract-race-640.webp');
    });
  });
}
