import { Readable } from 'node:stream';
import { jpegRendition } from '../../../../src/server/files/images';
import type { FileStore } from '../../../../src/server/files/store';

// A JPEG rendition whose WebP source fails while it is read (a database or S3 error mid-file): the request must end,
// not wait for ever with every later request for that rendition queued behind it.

const HASH = 'ab'.repeat(16);

function failingStore(): FileStore & { puts: number } {
  const store = {
    kind: 'db' as const,
    puts: 0,
    async put() {
      store.puts++;
    },
    async get(key: string) {
      if (!key.endsWith('.webp')) return null;
      const stream = new Readable({
        read() {
          this.destroy(new Error('connection lost while reading'));
        },
      });
      return { stream, size: 1000, contentType: 'image/webp', etag: 'x' };
    },
    has: async () => false,
    remove: async () => undefined,
    async *list() {},
    close: async () => undefined,
  };
  return store;
}

describe('jpegRendition', () => {
  it('answers null (not hang) when its source stream fails, and a later request tries again', async () => {
    const store = failingStore();
    const within = <T>(p: Promise<T>) =>
      Promise.race([p, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 2000))]);
    expect(await within(jpegRendition(store, `images/${HASH}-640.jpg`))).toBeNull();
    expect(await within(jpegRendition(store, `images/${HASH}-640.jpg`))).toBeNull();
    expect(store.puts).toBe(0);
  });
});
