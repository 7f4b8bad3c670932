import { fromBufferPromise } from 'yauzl';
import { createDataExportJob } from '../../../../src/server/data-export/job';
import type { Shop } from '../../../../src/server/shop';
import type { TestApp } from '../../helper';

/** Every entry of a ZIP by name, its bytes read back with yauzl (what a customer's unzip would see). */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of file.eachEntry()) {
    const stream = await file.openReadStreamPromise(entry);
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    entries.set(entry.fileName, Buffer.concat(parts));
  }
  file.close();
  return entries;
}

/** One round of the data-export job at `now`, as the timer would run it on one instance. */
export async function runExportJob(shop: Shop, now: Date = shop.clock()) {
  const job = createDataExportJob(shop);
  try {
    return await job.runOnce(now);
  } finally {
    await job.stop();
  }
}

/** GETs a signed download link (a path) like a browser: status, headers, the raw bytes and the JSON of a refusal. */
export async function download(t: Pick<TestApp, 'app'>, path: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: path, headers });
  const json = res.headers['content-type']?.toString().startsWith('application/json')
    ? (res.json() as { message: string; code: number })
    : null;
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json };
}

/** The shop's clock set to `at` for the rest of the test (routes and services read `shop.clock`); undo with the answer. */
export function fixClock(shop: Shop, at: Date | (() => Date)): () => void {
  const before = shop.clock;
  shop.clock = typeof at === 'function' ? at : () => at;
  return () => {
    shop.clock = before;
  };
}
