import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { FILE_MAX_BYTES, type FileStore, FileTooLargeError } from '../files/store';
import type { ExportUpload, GatheredCopy } from './gather';

/** The data's name inside the ZIP. */
export const DATA_FILE = 'data.json';

/** A short note beside the data, so the file explains itself to whoever opens it. */
const README = `A copy of your data at Leaf & Cup.

data.json holds your account, addresses, orders (with their lines, payments and refunds), reviews, cash reward,
referral and affiliate records, subscriptions, alerts, exchanges, Telegram link and preferences.
uploads/ holds the files you sent us: transfer receipts (by order number) and exchange photos (by request number).

Money is in integer cents (1234 = 12.34); times are UTC.
`;

const LEFT_OUT_NOTE = `
Some of your uploads did not fit in one copy: data.json lists them under about.uploads_not_included. Ask the shop and
we will send them to you.
`;

/**
 * What one upload adds to a ZIP besides its bytes (stored as they are): its local header and data descriptor, its
 * central-directory record (each with the name, and ZIP64 fields when yazl adds them), rounded up.
 */
const entryOverhead = (name: string) => 200 + 2 * Buffer.byteLength(name, 'utf8');
/** Room kept for README.txt, the list of what was left out and the ZIP's end records, beyond data.json. */
const RESERVE = 64 * 1024;

export interface WrittenCopy {
  /** The ZIP's size in bytes. */
  size: number;
  /** The uploads that did not fit under the limit (named in data.json). */
  leftOut: ExportUpload[];
}

/**
 * Which uploads go into a copy of at most `maxBytes`: in the copy's order (receipts by order, then photos), each that
 * still fits beside data.json; the others are named in data.json (`about.uploads_not_included`) instead, so the
 * customer always gets their data and knows what to ask the shop for.
 */
export function planUploads(
  copy: GatheredCopy,
  maxBytes: number,
): { included: ExportUpload[]; leftOut: ExportUpload[] } {
  let budget = maxBytes - RESERVE - Buffer.byteLength(JSON.stringify(copy.data, null, 2), 'utf8');
  const included: ExportUpload[] = [];
  const leftOut: ExportUpload[] = [];
  for (const file of copy.uploads) {
    const cost = file.size + entryOverhead(file.name);
    if (cost <= budget) {
      included.push(file);
      budget -= cost;
    } else leftOut.push(file);
  }
  return { included, leftOut };
}

/**
 * Writes the copy as one ZIP (yazl; docs/decisions/051) to the file `path` on this machine's disk: data.json
 * (pretty-printed, UTF-8), README.txt and the uploads, all stamped with the time the copy was made. Nothing is held
 * whole in memory: each upload is streamed from the file store when its turn comes (one open at a time) and the ZIP
 * streams to the file, which the job then streams into the file store. At most `maxBytes` (the file store's limit):
 * the uploads that do not fit are left out and named (planUploads); a ZIP larger all the same is refused
 * (FileTooLargeError).
 */
export async function writeCopy(
  copy: GatheredCopy,
  madeAt: Date,
  files: Pick<FileStore, 'get'>,
  path: string,
  maxBytes = FILE_MAX_BYTES,
): Promise<WrittenCopy> {
  const { included, leftOut } = planUploads(copy, maxBytes);
  const data = leftOut.length
    ? {
        ...copy.data,
        about: {
          ...(copy.data.about as object),
          uploads_not_included: leftOut.map((f) => ({ file: f.name, size_bytes: f.size })),
        },
      }
    : copy.data;
  const zip = new ZipFile();
  const options = { mtime: madeAt };
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`, 'utf8'), DATA_FILE, options);
  zip.addBuffer(Buffer.from(leftOut.length ? README + LEFT_OUT_NOTE : README, 'utf8'), 'README.txt', options);
  for (const file of included) {
    // Images are compressed already: stored as they are. Opened only when yazl reaches the entry.
    zip.addReadStreamLazy(file.name, { ...options, compress: false, size: file.size }, (done) => {
      files.get(file.key).then(
        (stored) => (stored ? done(null, stored.stream) : done(new Error(`upload ${file.key} is gone`), null as never)),
        (err: Error) => done(err, null as never),
      );
    });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  const { size } = await stat(path);
  if (size > maxBytes) throw new FileTooLargeError(path);
  return { size, leftOut };
}
