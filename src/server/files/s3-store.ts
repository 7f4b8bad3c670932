import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertFileKey, bodyBytes, type FileStore, isFileKey, typeOfKey } from './store';

/**
 * The S3-compatible file store, `FILES_URL=s3://bucket[/prefix]?region=…&endpoint=https://…&path_style=1`
 * (docs/decisions/023). Only `create-store.ts` loads this module, with `await import`, so the AWS SDK costs nothing
 * to the other stores.
 *
 * - Credentials come from the SDK's standard chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an
 *   instance or task role), never from the URL: the URL is logged, so one holding a user, a password or an unknown
 *   parameter is refused at start.
 * - Checksums only when an operation requires them (`WHEN_REQUIRED`): since early 2025 the SDK sends CRC32 checksums
 *   by default, which several S3-compatible servers refuse.
 * - `put` buffers the body (at most FILE_MAX_BYTES) to send it with its length and its SHA-256 as metadata: uploads
 *   are at most MAX_UPLOAD_BYTES, so a multipart upload of unknown length (`@aws-sdk/lib-storage`) is not needed.
 * - `get` streams the object's body as S3 sends it; the app serves it (signed receipt links stay in one place).
 */

/** The parts of an `s3://` FILES_URL. */
export interface S3Location {
  bucket: string;
  /** Prepended to every key, with its '/', or '' for the bucket's root. */
  prefix: string;
  region: string | undefined;
  endpoint: string | undefined;
  pathStyle: boolean;
}

const PARAMS = new Set(['region', 'endpoint', 'path_style']);
/** S3's bucket naming rules (lower case, digits, '.', '-'; 3–63). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const SHA256_KEY = 'sha256';

const refuse = (why: string): never => {
  // The URL itself is not repeated: whatever it holds by mistake stays out of the log.
  throw new Error(`FILES_URL: ${why}. Expected s3://BUCKET[/PREFIX]?region=…&endpoint=https://…&path_style=1`);
};

/**
 * Reads and checks an `s3://` URL (FILES_URL, or `setting`: BACKUP_URL); throws a message naming what is wrong (and
 * never the URL's text).
 */
export function parseS3Url(text: string, setting = 'FILES_URL'): S3Location {
  try {
    return parseLocation(text);
  } catch (err) {
    if (setting === 'FILES_URL' || !(err instanceof Error)) throw err;
    throw new Error(err.message.replace(/^FILES_URL/, setting));
  }
}

function parseLocation(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not a URL');
  }
  if (url.protocol !== 's3:') refuse('not an s3:// URL');
  if (url.username || url.password) {
    refuse(
      'credentials do not go in the URL (it is logged): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ' +
        'AWS_PROFILE or an instance role',
    );
  }
  if (!url.hostname) refuse('the bucket is missing');
  if (url.port) refuse('a port does not go after the bucket: put the server in endpoint=');
  if (!BUCKET.test(url.hostname)) refuse('the bucket name is not a valid S3 bucket name');
  const unknown = [...url.searchParams.keys()].filter((k) => !PARAMS.has(k));
  if (unknown.length > 0) {
    refuse(`unknown parameter ${unknown.map((k) => `"${k}"`).join(', ')} (only region, endpoint, path_style)`);
  }

  // The prefix is taken as written: an escape such as %2F is refused like any other character outside a key.
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  if (prefix && !isFileKey(prefix)) refuse('the prefix may hold letters, digits, ".", "_", "-" and "/" only');

  const region = url.searchParams.get('region') || undefined;
  if (region !== undefined && !REGION.test(region)) refuse('region= is not a region name');

  let endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(endpoint);
    } catch {
      return refuse('endpoint= is not a URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') refuse('endpoint= must be an http(s) URL');
    if (parsed.username || parsed.password) refuse('credentials do not go in endpoint= (it is logged)');
    if (parsed.search || parsed.hash) refuse('endpoint= is a server address without query or fragment');
    endpoint = parsed.href.replace(/\/+$/, '');
  }

  const style = url.searchParams.get('path_style') ?? '0';
  if (!['0', '1', 'true', 'false'].includes(style)) refuse('path_style= is 1 or 0');

  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    region,
    endpoint,
    pathStyle: style === '1' || style === 'true',
  };
}

/** How an object answers if someone reads the bucket directly (the app serves files itself, with its own headers). */
const cacheControlOf = (key: string) =>
  key.startsWith('images/') ? 'public, max-age=31536000, immutable' : 'private, no-store';

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);

/** GetObject's "no such key" (HeadObject has no body, so it can only say 404 NotFound). */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || (err.name === 'NotFound' && statusOf(err) === 404));

/** The S3-compatible store for an `s3://` FILES_URL (see the module comment). */
export function createS3Store(filesUrl: string): FileStore {
  const location = parseS3Url(filesUrl);
  const { bucket, prefix } = location;
  const client = createS3Client(location);
  const objectKey = (key: string) => {
    assertFileKey(key);
    return prefix + key;
  };
  return s3FileStore(client, bucket, prefix, objectKey);
}

/** The SDK's client for a bucket's location (the backups' uploads use it too: backups/destination.ts). */
export function createS3Client({ region, endpoint, pathStyle }: S3Location): S3Client {
  return new S3Client({
    ...(region ? { region } : {}),
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: pathStyle,
    // A server that stops answering fails the call instead of holding the request (and a graceful shutdown): 5 s to
    // connect, 15 s until the answer's headers (each of the SDK's 3 attempts). No idle timeout on the body: the app's
    // client may pause it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000, throwOnRequestTimeout: true },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function s3FileStore(client: S3Client, bucket: string, prefix: string, objectKey: (key: string) => string): FileStore {
  return {
    kind: 's3',

    async put(key, body) {
      const Key = objectKey(key);
      const bytes = await bodyBytes(key, body);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: typeOfKey(key),
          CacheControl: cacheControlOf(key),
          Metadata: { [SHA256_KEY]: sha256 },
        }),
      );
    },

    async get(key) {
      if (!isFileKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        if (!(out.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
        const sha256 = out.Metadata?.[SHA256_KEY];
        return {
          stream: out.Body,
          size: out.ContentLength ?? 0,
          contentType: typeOfKey(key),
          // Our own SHA-256 when we wrote the object; S3's ETag (an MD5 for a single-part upload) otherwise.
          etag: sha256 ? sha256.slice(0, 32) : (out.ETag ?? '').replace(/"/g, ''),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async has(key) {
      if (!isFileKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: prefix + key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async remove(key) {
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(under) {
      const pages = paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket: bucket, Prefix: prefix + under });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          // Objects someone else put in the bucket (or under our prefix by hand) are not ours to list.
          if (key && object.Key?.startsWith(prefix) && isFileKey(key)) yield { key, size: object.Size ?? 0 };
        }
      }
    },

    async close() {
      client.destroy();
    },
  };
}

/**
 * A bucket's objects by whole name, for the scheduled backups (BACKUP_URL, backups/destination.ts): upload a local file
 * (streamed, with its length), list the names under the prefix, delete one. Kept here so that this module alone
 * imports the AWS SDK.
 */
export interface S3Objects {
  readonly where: string;
  putFile(name: string, file: string, metadata: Record<string, string>): Promise<void>;
  names(): Promise<string[]>;
  remove(name: string): Promise<void>;
  close(): void;
}

export function s3Objects(url: string, setting: string): S3Objects {
  const location = parseS3Url(url, setting);
  const client = createS3Client(location);
  const { bucket, prefix } = location;
  return {
    where: `s3://${bucket}/${prefix}`,
    async putFile(name, file, metadata) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: prefix + name,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: 'application/octet-stream',
          Metadata: metadata,
        }),
      );
    },
    async names() {
      const found: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key.slice(prefix.length));
      }
      return found;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + name }));
    },
    close: () => client.destroy(),
  };
}
