import { ZipFile } from 'yazl';
import type { GatheredCopy } from './gather';

/** The data's name inside the ZIP. */
export const DATA_FILE = 'data.json';

/** A short note beside the data, so the file explains itself to whoever opens it. */
const README = `A copy of your data at Leaf & Cup.

data.json holds your account, addresses, orders (with their lines, payments and refunds), reviews, cash reward,
referral and affiliate records, subscriptions, alerts, exchanges, Telegram link and preferences.
uploads/ holds the files you sent us: transfer receipts (by order number) and exchange photos (by request number).

Money is in integer cents (1234 = 12.34); times are UTC.
`;

/**
 * The copy as one ZIP (yazl; docs/decisions/051): data.json (pretty-printed, UTF-8), README.txt and the uploads, all
 * stamped with the time the copy was made. Built whole in memory: the database file store takes a file's bytes at once
 * (files/store.ts), and a copy is bounded by the customer's uploads (receipts and photos, each bounded).
 */
export function zipCopy(copy: GatheredCopy, madeAt: Date): Promise<Buffer> {
  const zip = new ZipFile();
  const options = { mtime: madeAt };
  zip.addBuffer(Buffer.from(`${JSON.stringify(copy.data, null, 2)}\n`, 'utf8'), DATA_FILE, options);
  zip.addBuffer(Buffer.from(README, 'utf8'), 'README.txt', options);
  // Images are compressed already: stored as they are.
  for (const file of copy.uploads) zip.addBuffer(file.bytes, file.name, { ...options, compress: false });
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}
