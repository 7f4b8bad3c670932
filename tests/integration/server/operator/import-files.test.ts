import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../../../src/server/operator/cli';
import { buildTestApp, dialects, storedKeys, type TestApp } from '../../helper';
import { readAll } from '../files/store-contract';

// `npm run shop -- import-files` (docs/decisions/023): the files of the old upload folder moved into the configured
// store (here the database), under the same keys, once: a second run copies nothing.

describe.each(dialects)('import-files on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  const files: Record<string, Buffer> = {
    [`images/${'a'.repeat(32)}-640.webp`]: randomBytes(2000),
    [`images/${'a'.repeat(32)}-1280.webp`]: randomBytes(700_000),
    [`receipts/${'b'.repeat(32)}.png`]: randomBytes(3000),
    [`exchanges/${'c'.repeat(32)}.jpg`]: randomBytes(1000),
  };
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false });
    dir = mkdtempSync(join(tmpdir(), 'leafcup-import-'));
    for (const [key, bytes] of Object.entries(files)) {
      mkdirSync(join(dir, key, '..'), { recursive: true });
      writeFileSync(join(dir, key), bytes);
    }
    // Not the shop's: named and left out.
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    writeFileSync(join(dir, 'receipts', `${'d'.repeat(32)}.png.0123456789abcdef.partial`), 'half');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await run(t.shop, argv, (line) => lines.push(line));
    return lines.join('\n');
  };

  it('copies every file into the store under its key, once, and leaves the folder as it was', async () => {
    expect(await storedKeys(t, '')).toEqual([]);
    const dry = await cli('import-files', '--from', dir, '--dry-run');
    expect(dry).toMatch(/^Would copy 4 files \(0\.7 MB\) into the db store, already there 0, skipped 2/);
    expect(await storedKeys(t, '')).toEqual([]);

    const first = await cli('import-files', '--from', dir);
    expect(first).toBe(
      `Copied 4 files (0.7 MB) into the db store, already there 0, skipped 2: notes.txt, receipts/${'d'.repeat(32)}.png.0123456789abcdef.partial.`,
    );
    expect(await storedKeys(t, '')).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) {
      const stored = await t.app.files.get(key);
      expect((await readAll(stored!.stream)).bytes.equals(bytes), key).toBe(true);
      // The folder is never changed.
      expect(readFileSync(join(dir, key)).equals(bytes)).toBe(true);
    }
    // Served from the store as any image is.
    const res = await t.app.inject({ method: 'GET', url: `/media/images/${'a'.repeat(32)}-640.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(files[`images/${'a'.repeat(32)}-640.webp`]!)).toBe(true);

    expect(await cli('import-files', '--from', dir)).toMatch(
      /^Copied 0 files \(0\.0 MB\) into the db store, already there 4, skipped 2/,
    );
  });

  it('copies again a file the store holds with other bytes, and one it lost', async () => {
    const receipt = `receipts/${'b'.repeat(32)}.png`;
    const exchange = `exchanges/${'c'.repeat(32)}.jpg`;
    await t.app.files.put(receipt, Buffer.from('not the same'));
    await t.app.files.remove(exchange);
    expect(await cli('import-files', '--from', dir)).toMatch(/^Copied 2 files .* already there 2, skipped 2/);
    expect((await readAll((await t.app.files.get(receipt))!.stream)).bytes.equals(files[receipt]!)).toBe(true);
    expect(await t.app.files.has(exchange)).toBe(true);
  });

  it('defaults to UPLOAD_DIR, and refuses a folder that does not exist', async () => {
    // The test app's UPLOAD_DIR is empty.
    expect(await cli('import-files')).toMatch(/^Copied 0 files .* already there 0, skipped 0\.$/);
    await expect(cli('import-files', '--from', join(dir, 'nope'))).rejects.toThrow(/There is no folder/);
  });
});
