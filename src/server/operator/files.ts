import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type FileStore, isFileKey } from '../files/store';
import { orderByNo } from '../orders/records';
import type { Shop } from '../shop';
import { OperatorError } from './service';

/**
 * `import-files [--from DIR] [--dry-run]`: moves the files of the local upload folder (UPLOAD_DIR, where every file
 * was kept before docs/decisions/023) into the configured store (FILES_URL: the database by default). Each file under
 * `images/`, `receipts/` and `exchanges/` is streamed in under the same key, so `orders.receipt_path`, exchange photo
 * keys and image URLs keep their meaning. A file the store already holds with the same size and SHA-256 is left as it
 * is: a second run copies nothing. The source is never changed. Safe while instances serve: keys are never rewritten.
 * Several machines with their own folders each run it; their keys (random or content hashes) cannot collide.
 */

/** The folders under UPLOAD_DIR that hold the shop's files. */
const PREFIXES = ['images/', 'receipts/', 'exchanges/'];
const READ_CHUNK = 256 * 1024;

export interface ImportReport {
  copied: number;
  copiedBytes: number;
  already: number;
  /** Files that are not the shop's (another name or folder, a `.partial` left by a crash): named, not copied. */
  skipped: string[];
  failed: { key: string; error: string }[];
}

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = resolve(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

/** Whether `store` holds `key` with these bytes (size, then SHA-256: the database store's ETag is its first 32 digits). */
async function holdsSame(store: FileStore, key: string, size: number, sha256: string): Promise<boolean> {
  const held = await store.get(key);
  if (!held) return false;
  if (held.size !== size) {
    held.stream.destroy();
    return false;
  }
  if (store.kind === 'db') {
    held.stream.destroy();
    return held.etag === sha256.slice(0, 32);
  }
  return (await sha256Of(held.stream)) === sha256;
}

export async function importFiles(
  from: string,
  target: FileStore,
  opts: { dryRun?: boolean } = {},
): Promise<ImportReport> {
  const root = resolve(from);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new OperatorError(`There is no folder ${from} to import files from.`);
  const report: ImportReport = { copied: 0, copiedBytes: 0, already: 0, skipped: [], failed: [] };
  for await (const full of walk(root)) {
    const key = relative(root, full).split(sep).join('/');
    if (!PREFIXES.some((p) => key.startsWith(p)) || !isFileKey(key) || key.endsWith('.partial')) {
      report.skipped.push(key);
      continue;
    }
    try {
      const size = (await stat(full)).size;
      const sha256 = await sha256Of(createReadStream(full));
      if (await holdsSame(target, key, size, sha256)) {
        report.already += 1;
        continue;
      }
      if (!opts.dryRun) await target.put(key, createReadStream(full, { highWaterMark: READ_CHUNK }));
      report.copied += 1;
      report.copiedBytes += size;
    } catch (err) {
      report.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return report;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The lines `import-files` prints; throws (exit 1) when a file could not be copied. */
export function importReportLines(report: ImportReport, store: string, dryRun: boolean): string[] {
  const lines = [
    `${dryRun ? 'Would copy' : 'Copied'} ${report.copied} files (${mb(report.copiedBytes)}) into the ${store} store, ` +
      `already there ${report.already}, skipped ${report.skipped.length}${report.skipped.length ? `: ${report.skipped.join(', ')}` : ''}.`,
  ];
  for (const f of report.failed) lines.push(`  failed ${f.key}: ${f.error}`);
  return lines;
}

/** `receipt <order_no> --out FILE`: writes an order's receipt out of the file store (it is no longer a path on disk). */
export async function writeReceipt(shop: Pick<Shop, 'db' | 'files'>, orderNo: string, out: string): Promise<string> {
  const { db } = shop;
  const order = await orderByNo(db, orderNo);
  if (!order) throw new OperatorError(`There is no order ${orderNo}`);
  if (!order.receipt_path) throw new OperatorError(`Order ${orderNo} has no receipt.`);
  const file = await shop.files.get(order.receipt_path);
  if (!file) throw new OperatorError(`The receipt ${order.receipt_path} of order ${orderNo} is no longer stored.`);
  await writeFile(resolve(out), file.stream, { flag: 'wx' });
  return `Wrote the receipt of ${orderNo} (${file.contentType}, ${file.size} bytes) to ${out}.`;
}
