import type { FastifyReply } from 'fastify';
import type { StoredFile } from './store';

/** Whether an If-None-Match header names `etag` (a list, weak tags, or `*`). */
const matches = (header: string | undefined, etag: string): boolean =>
  header?.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  }) ?? false;

/**
 * Sends a stored file streamed, with its type, length, ETag and `cache-control`, never sniffed; 304 (and the stream
 * let go) when the request's If-None-Match names its ETag.
 */
export function sendFile(reply: FastifyReply, file: StoredFile, cacheControl: string, ifNoneMatch?: string) {
  const etag = `"${file.etag}"`;
  reply.header('etag', etag).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
  if (matches(ifNoneMatch, etag)) {
    file.stream.destroy();
    return reply.code(304).send();
  }
  return reply.header('content-type', file.contentType).header('content-length', file.size).send(file.stream);
}
