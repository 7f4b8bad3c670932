import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of serialized answers of one public, read-only path (the product list), so a busy
 * page is read from the database and serialized once per `ttlMs`, not once per request.
 *
 * Freshness: `invalidate()` drops every entry; the writes this instance makes that change what the path
 * answers call it after they commit, so a shopper always sees their own order, cancel or review at once.
 * A read that was already running when `invalidate()` ran is not stored (it may have read the old rows),
 * so no entry outlives a local write. Writes made elsewhere (another instance, the operator's command
 * line) are seen within `ttlMs`, or at once where someone calls `invalidate()` on hearing of them
 * (catalog/list-cache.ts, over PostgreSQL's NOTIFY). While `bypassed` (no one would hear of them), nothing is
 * answered from or kept in the cache.
 */
export class ResponseCache {
  readonly #entries: LRUCache<string, CachedAnswer>;
  #generation = 0;
  #bypassed = false;

  constructor({ ttlMs, max }: { ttlMs: number; max: number }) {
    this.#entries = new LRUCache({ max, ttl: ttlMs, updateAgeOnGet: false });
  }

  /** Taken before reading; hand it back to `set` so a read that raced an invalidation is not kept. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): CachedAnswer | undefined {
    return this.#bypassed ? undefined : this.#entries.get(key);
  }

  /** Keeps `json` unless the cache was invalidated since `generation` was taken; answers it either way. */
  set(key: string, json: string, generation: number): CachedAnswer {
    const answer = new CachedAnswer(json);
    if (generation === this.#generation && !this.#bypassed) this.#entries.set(key, answer);
    return answer;
  }

  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** Whether the cache is skipped (every read goes to the database); turning it on or off drops every entry. */
  get bypassed(): boolean {
    return this.#bypassed;
  }

  set bypassed(on: boolean) {
    if (on === this.#bypassed) return;
    this.#bypassed = on;
    this.invalidate();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Below this many bytes an answer is sent as it is (the compress plugin's own threshold). */
const COMPRESS_THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** One serialized answer, with its compressed forms made on first demand and kept with it. */
export class CachedAnswer {
  readonly #encoded = new Map<Encoding, Buffer>();
  constructor(readonly json: string) {}

  encoded(encoding: Encoding): Buffer {
    let body = this.#encoded.get(encoding);
    if (!body) {
      // The compress plugin's settings (brotli quality 4, gzip default), so a cached answer is the same bytes.
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(this.json);
      this.#encoded.set(encoding, body);
    }
    return body;
  }
}

/**
 * Sends a serialized JSON answer. When the client accepts br or gzip and the answer is worth compressing,
 * the cached compressed form is sent with its headers (the compress plugin leaves an encoded answer alone);
 * otherwise the plain string, which the plugin handles as usual.
 */
export function sendJson(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  return sendEncoded(req, reply, answer);
}

/**
 * Sends a serialized answer of the type already set on the reply (JSON, a page's HTML), compressed from its cached
 * forms when the client accepts br or gzip. Used where the compress plugin does not reach, too: it hooks routes,
 * and the shop's pages are answered by the not-found handler (plugins/client.ts).
 */
export function sendEncoded(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  const accepted = req.headers['accept-encoding'];
  const encoding =
    accepted && answer.json.length >= COMPRESS_THRESHOLD && req.headers['x-no-compression'] === undefined
      ? negotiate(accepted, [...ENCODINGS])
      : null;
  if (!encoding) return reply.send(answer.json);
  const body = answer.encoded(encoding);
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .header('content-length', body.length)
    .send(body);
}
