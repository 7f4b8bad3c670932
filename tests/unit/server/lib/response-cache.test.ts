import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CachedAnswer, ResponseCache } from '../../../../src/server/lib/response-cache';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ResponseCache', () => {
  it('answers what was stored under a key, and nothing for other keys', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, max: 10 });
    cache.set('a', '{"n":1}', cache.generation);
    expect(cache.get('a')?.json).toBe('{"n":1}');
    expect(cache.get('b')).toBeUndefined();
  });

  it('forgets everything on invalidate()', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, max: 10 });
    cache.set('a', '1', cache.generation);
    cache.set('b', '2', cache.generation);
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that started before an invalidation (it may hold the old rows), but still answers it', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, max: 10 });
    const before = cache.generation;
    cache.invalidate(); // a write committed while the read was running
    const answer = cache.set('a', '{"old":true}', before);
    expect(answer.json).toBe('{"old":true}');
    expect(cache.get('a')).toBeUndefined();
    // A read that starts after the write is kept.
    cache.set('a', '{"old":false}', cache.generation);
    expect(cache.get('a')?.json).toBe('{"old":false}');
  });

  it('while bypassed answers nothing and keeps nothing (its invalidations might be missed); after, starts empty', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, max: 10 });
    cache.set('a', '1', cache.generation);
    cache.bypassed = true;
    expect(cache.get('a')).toBeUndefined();
    const answer = cache.set('b', '2', cache.generation);
    expect(answer.json).toBe('2');
    expect(cache.size).toBe(0);
    cache.bypassed = false;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', '3', cache.generation);
    expect(cache.get('c')?.json).toBe('3');
  });

  it('drops an entry once its time is up', async () => {
    const cache = new ResponseCache({ ttlMs: 40, max: 10 });
    cache.set('a', '1', cache.generation);
    expect(cache.get('a')).toBeDefined();
    await sleep(80);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most `max` entries, dropping the least recently used', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, max: 2 });
    cache.set('a', '1', cache.generation);
    cache.set('b', '2', cache.generation);
    cache.get('a');
    cache.set('c', '3', cache.generation);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});

describe('CachedAnswer', () => {
  const json = JSON.stringify({ products: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Tea ${i}` })) });

  it('compresses once per encoding and the bytes decode to the JSON', () => {
    const answer = new CachedAnswer(json);
    const br = answer.encoded('br');
    const gz = answer.encoded('gzip');
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(gz).toString()).toBe(json);
    expect(br.length).toBeLessThan(json.length);
    expect(answer.encoded('br')).toBe(br);
    expect(answer.encoded('gzip')).toBe(gz);
  });
});
