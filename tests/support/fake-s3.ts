import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake S3-compatible server for tests (S3 itself is outside the machine): path-style PUT, GET, HEAD and DELETE of
 * objects and ListObjectsV2, in memory, on 127.0.0.1. It checks no signature; it only records that a request was
 * signed and with which access key, so a test can tell the credentials came from the SDK's chain.
 *
 * What it proves: the store speaks the S3 protocol as `@aws-sdk/client-s3` sends it (keys, prefixes, paging,
 * metadata, 404s, streamed reads). What it does not: a real vendor's behaviour, its signatures, its consistency.
 * `rejectChecksums` models the S3-compatibles that refuse the SDK's default flexible checksums (docs/decisions/023).
 */
export interface FakeS3Options {
  /** Buckets that exist; a request to another answers NoSuchBucket. */
  buckets: string[];
  /** Keys per ListObjectsV2 page at most (S3's is 1000), so a test can make paging happen. */
  pageSize?: number;
  /** Refuse any request carrying a flexible-checksum header, as several S3-compatible vendors do. */
  rejectChecksums?: boolean;
}

export interface FakeObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  metadata: Record<string, string>;
  etag: string;
  lastModified: Date;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The access key id of the `Authorization` header, when the request was signed. */
  accessKeyId: string | null;
}

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`, for `endpoint=` with `path_style=1`. */
  endpoint: string;
  objects(bucket: string): Map<string, FakeObject>;
  requests: FakeRequest[];
  close(): Promise<void>;
}

const CHECKSUM_HEADER = /^x-amz-(checksum-|sdk-checksum-algorithm$|trailer$)/;

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function sendError(res: ServerResponse, status: number, code: string, message: string, head = false): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(head ? undefined : body);
}

/** The request's body whole. An `aws-chunked` body (a stream sent with a trailing checksum) is not faked. */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const isAwsChunked = (req: IncomingMessage) =>
  String(req.headers['content-encoding'] ?? '').includes('aws-chunked') ||
  String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');

function objectHeaders(obj: FakeObject): Record<string, string> {
  const headers: Record<string, string> = {
    'content-length': String(obj.body.length),
    etag: obj.etag,
    'last-modified': obj.lastModified.toUTCString(),
  };
  if (obj.contentType) headers['content-type'] = obj.contentType;
  if (obj.cacheControl) headers['cache-control'] = obj.cacheControl;
  for (const [name, value] of Object.entries(obj.metadata)) headers[`x-amz-meta-${name}`] = value;
  return headers;
}

function listObjects(
  res: ServerResponse,
  bucket: string,
  store: Map<string, FakeObject>,
  query: URLSearchParams,
  pageSize: number,
): void {
  if (query.get('list-type') !== '2') {
    sendError(res, 400, 'InvalidArgument', 'only ListObjectsV2 is faked');
    return;
  }
  const prefix = query.get('prefix') ?? '';
  const maxKeys = Math.min(Number(query.get('max-keys') ?? pageSize) || pageSize, pageSize);
  const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
  const keys = [...store.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const obj = store.get(key) as FakeObject;
      return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${obj.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(obj.etag)}</ETag><Size>${obj.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  const next = truncated
    ? `<NextContinuationToken>${xmlEscape(page[page.length - 1] ?? '')}</NextContinuationToken>`
    : '';
  const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${next}${contents}</ListBucketResult>`;
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(xml);
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const buckets = new Map(options.buckets.map((b) => [b, new Map<string, FakeObject>()]));
  const pageSize = options.pageSize ?? 1000;
  const requests: FakeRequest[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const head = method === 'HEAD';
    const auth = req.headers.authorization ?? '';
    requests.push({
      method,
      path: url.pathname,
      headers: req.headers,
      accessKeyId: /Credential=([^/]+)\//.exec(auth)?.[1] ?? null,
    });
    if (options.rejectChecksums && Object.keys(req.headers).some((h) => CHECKSUM_HEADER.test(h))) {
      await readBody(req).catch(() => undefined);
      return sendError(res, 400, 'InvalidArgument', 'checksum headers are not supported', head);
    }
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map((part) => decodeURIComponent(part)).join('/');
    const store = buckets.get(decodeURIComponent(bucketName));
    if (!store) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', head);

    if (!key) {
      if (method === 'GET') return listObjects(res, bucketName, store, url.searchParams, pageSize);
      return sendError(res, 405, 'MethodNotAllowed', `${method} on a bucket is not faked`, head);
    }
    switch (method) {
      case 'PUT': {
        if (req.headers['x-amz-copy-source']) return sendError(res, 501, 'NotImplemented', 'copy is not faked');
        const body = await readBody(req);
        if (isAwsChunked(req)) return sendError(res, 501, 'NotImplemented', 'aws-chunked bodies are not faked');
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice(11)] = value;
        }
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        store.set(key, {
          body,
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
          metadata,
          etag,
          lastModified: new Date(),
        });
        res.writeHead(200, { etag });
        res.end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const obj = store.get(key);
        if (!obj) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
        res.writeHead(200, objectHeaders(obj));
        res.end(head ? undefined : obj.body);
        return;
      }
      case 'DELETE':
        store.delete(key);
        res.writeHead(204);
        res.end();
        return;
      default:
        return sendError(res, 405, 'MethodNotAllowed', `${method} is not faked`, head);
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', String(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects: (bucket) => {
      const store = buckets.get(bucket);
      if (!store) throw new Error(`no bucket ${bucket} in the fake`);
      return store;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
