import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupError, fileProblem } from './errors';

/**
 * The backup file (docs/decisions/042): one file holding the manifest and the database's copy.
 *
 *   LEAFCUP-BACKUP/1\n
 *   <the manifest, one line of JSON>\n
 *   <the SHA-256 of that line, hex>\n
 *   <the payload: `payload.bytes` bytes whose SHA-256 is `payload.sha256`>
 *
 * The manifest's own checksum catches an edited manifest; the payload's catches a truncated or altered copy. The whole
 * file is checked before a restore changes anything. A SQLite payload is the database file gzipped; a PostgreSQL
 * payload is `pg_dump --format=custom`, which is compressed already.
 */

export const MAGIC = 'LEAFCUP-BACKUP/1';
/** The header (magic, manifest, its checksum) is read from the first bytes: a manifest is a few KB. */
const HEADER_MAX = 256 * 1024;

export interface Manifest {
  format: 'leafcup-backup';
  created_at: string;
  database: 'sqlite' | 'postgres';
  /** The last migration applied to the copied database (src/server/db/migrate.ts). */
  schema: string;
  /** The release that took it: package.json's version and the commit when known. */
  release: { version: string; commit: string | null };
  /** Rows of the main tables in the copy, as it was taken. */
  counts: Record<string, number>;
  payload: {
    kind: 'sqlite-gzip' | 'pg_dump-custom';
    bytes: number;
    sha256: string;
  };
}

export type ManifestDraft = Omit<Manifest, 'format' | 'payload'>;

/** A unique temporary name beside `path` (so the final rename stays on one file system). */
export const besideTemp = (path: string, tag: string) =>
  join(dirname(path), `.${basename(path)}.${tag}-${randomBytes(4).toString('hex')}`);

/** A pass-through stream that hashes and counts what goes through it. */
function hashing() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), bytes }) };
}

/**
 * Writes the backup file `target` from the database's copy `source` (gzipped on the way for SQLite), through a temporary
 * file beside it renamed at the end: on any failure (a full disk, a folder that cannot be written) nothing is left
 * and `target` is untouched. Answers the manifest written.
 */
export async function writeArchive(
  target: string,
  draft: ManifestDraft,
  source: string,
  kind: Manifest['payload']['kind'],
): Promise<Manifest> {
  const payloadTemp = besideTemp(target, 'payload');
  const fileTemp = besideTemp(target, 'tmp');
  try {
    const count = hashing();
    const stages: NodeJS.ReadWriteStream[] = kind === 'sqlite-gzip' ? [createGzip({ level: 6 })] : [];
    await pipeline([
      createReadStream(source),
      ...stages,
      count.stream,
      createWriteStream(payloadTemp, { flags: 'wx' }),
    ]);
    const manifest: Manifest = { format: 'leafcup-backup', ...draft, payload: { kind, ...count.result() } };
    const line = JSON.stringify(manifest);
    const header = `${MAGIC}\n${line}\n${sha256(line)}\n`;
    const out = createWriteStream(fileTemp, { flags: 'wx' });
    out.write(header);
    await pipeline(createReadStream(payloadTemp), out);
    await syncFile(fileTemp);
    await rename(fileTemp, target);
    return manifest;
  } catch (err) {
    await rm(fileTemp, { force: true });
    throw err instanceof BackupError ? err : fileProblem(err, target, 'write');
  } finally {
    await rm(payloadTemp, { force: true });
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A backup file whose header was read and checked; `payloadStart` is where its payload begins. */
export interface OpenedArchive {
  path: string;
  manifest: Manifest;
  payloadStart: number;
}

const damaged = (path: string, why: string) =>
  new BackupError(`${path} is damaged (${why}): it cannot be restored. Nothing was changed.`);

/** Reads and checks the header of a backup file: what it is, and that its manifest is intact. */
export async function readHeader(path: string): Promise<OpenedArchive> {
  let head: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(HEADER_MAX);
      const { bytesRead } = await handle.read(buffer, 0, HEADER_MAX, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw fileProblem(err, path, 'read');
  }
  const firstEnd = head.indexOf(10);
  if (firstEnd < 0 || head.subarray(0, firstEnd).toString('latin1') !== MAGIC) {
    throw new BackupError(
      `${path} is not a Leaf & Cup backup (made by \`npm run shop -- backup\`). Nothing was changed.`,
    );
  }
  const lineEnd = head.indexOf(10, firstEnd + 1);
  const sumEnd = lineEnd < 0 ? -1 : head.indexOf(10, lineEnd + 1);
  if (sumEnd < 0) throw damaged(path, 'its manifest is cut short');
  const line = head.subarray(firstEnd + 1, lineEnd).toString('utf8');
  if (sha256(line) !== head.subarray(lineEnd + 1, sumEnd).toString('latin1')) {
    throw damaged(path, 'its manifest does not match its checksum: it was altered');
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(line) as Manifest;
  } catch {
    throw damaged(path, 'its manifest is not JSON');
  }
  if (manifest?.format !== 'leafcup-backup' || !manifest.payload || !manifest.schema) {
    throw damaged(path, 'its manifest lacks what a backup holds');
  }
  return { path, manifest, payloadStart: sumEnd + 1 };
}

/**
 * Checks the whole backup file before anything is restored: its header, its length and its payload's SHA-256. A
 * truncated or altered file is refused here with the reason.
 */
export async function verifyArchive(path: string): Promise<OpenedArchive> {
  const opened = await readHeader(path);
  const { payload } = opened.manifest;
  const size = (await stat(path)).size - opened.payloadStart;
  if (size < payload.bytes) {
    throw damaged(path, `it ends ${payload.bytes - size} bytes early: the copy was truncated`);
  }
  if (size > payload.bytes) throw damaged(path, 'it is longer than its manifest says: bytes were added');
  const count = hashing();
  await pipeline(createReadStream(path, { start: opened.payloadStart }), count.stream, async (source) => {
    for await (const _ of source);
  });
  if (count.result().sha256 !== payload.sha256) {
    throw damaged(path, 'its contents do not match their SHA-256 checksum: the copy was altered');
  }
  return opened;
}

/** Writes the payload of a checked backup file to `target` as the database tools read it (SQLite: ungzipped). */
export async function extractPayload(opened: OpenedArchive, target: string): Promise<void> {
  try {
    const stages: NodeJS.ReadWriteStream[] = opened.manifest.payload.kind === 'sqlite-gzip' ? [createGunzip()] : [];
    await pipeline([
      createReadStream(opened.path, { start: opened.payloadStart }),
      ...stages,
      createWriteStream(target, { flags: 'wx' }),
    ]);
  } catch (err) {
    await rm(target, { force: true });
    throw fileProblem(err, target, 'write');
  }
}
