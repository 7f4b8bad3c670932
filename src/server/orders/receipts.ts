import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MAX_ROW_ID } from '../../common/contract/checkout';
import { formatMessage } from '../../common/i18n/messages';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { boundedCustomerImage, CUSTOMER_IMAGE_LIMITS, type CustomerImageKind } from '../files/images';
import { sendFile } from '../files/serve';
import { bodyBytes, type FileStore, isFileKey, type StoredFile } from '../files/store';
import { invalidField, payloadTooLarge, tooManyRequests } from '../lib/errors';
import { answerOversizedUploads, formatBytes } from '../lib/uploads';
import { requestLang } from '../plugins/errors';
import { hit } from '../rate-limits/rate-limit';
import { shopSecret } from '../settings/service';

/**
 * Bank-transfer receipts: decoded and kept as a bounded JPEG (files/images.ts boundedCustomerImage, never the bytes
 * as sent), stored in the file store (files/store.ts) with a random name, and served only through a URL signed for the
 * order's owner. Receipts stored before they were re-encoded keep their PNG or WebP name.
 */

type ReceiptKind = CustomerImageKind;

const RECEIPT_CONTENT_TYPES: Record<ReceiptKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The content type of a stored file named `….<kind>` (receipts, exchange photos), or null. */
export const imageTypeOfName = (name: string): string | null =>
  (RECEIPT_CONTENT_TYPES as Record<string, string | undefined>)[name.split('.').pop() ?? ''] ?? null;

/** A receipt ready to store: its bounded image, and the hash of the bytes as sent (an account signal). */
export interface PreparedReceipt {
  bytes: Uint8Array;
  kind: ReceiptKind;
  sentHash: string;
}

/**
 * Checks and bounds a receipt (400-range at `receipt` when it is not an image, or past the pixel limit); no database
 * work, so it runs before anything is counted or stored.
 */
export async function prepareReceipt(bytes: Uint8Array): Promise<PreparedReceipt> {
  const image = await boundedCustomerImage(bytes);
  if (!image.ok) {
    if (image.reason === 'too_large') {
      throw invalidField('receipt', 'receiptPixelsTooMany', { megapixels: CUSTOMER_IMAGE_LIMITS.maxInputPixels / 1e6 });
    }
    throw invalidField('receipt', 'receiptNotImage');
  }
  return { bytes: image.bytes, kind: image.kind, sentHash: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Receipt uploads a customer may store per day (placing orders and submitting payments together): each one
 * is a file of up to MAX_UPLOAD_BYTES kept for weeks, so a customer cannot fill the disk with them.
 * Counted in the shared `rate_limits` table (rate-limits/rate-limit.ts), so every instance sees the same count.
 */
export const RECEIPT_UPLOAD_LIMIT = { max: 20, windowMinutes: 24 * 60 } as const;

/** Counts one receipt about to be stored for the customer; past the daily limit answers 429 at `receipt`. */
export async function countReceiptUpload(db: Db, userId: number): Promise<void> {
  const counted = await hit(
    db,
    `receipt-upload:user:${userId}`,
    RECEIPT_UPLOAD_LIMIT.max,
    RECEIPT_UPLOAD_LIMIT.windowMinutes,
  );
  if (!counted.allowed) {
    const params = { max: RECEIPT_UPLOAD_LIMIT.max, hours: Math.max(1, Math.ceil(counted.retryMinutes / 60)) };
    throw tooManyRequests('receiptUploadLimit', params, 'receipt');
  }
}

/** The refusal of a receipt over MAX_UPLOAD_BYTES, at the receipt field. */
export const receiptTooLarge = (config: Config) =>
  payloadTooLarge('receiptTooLarge', { size: formatBytes(config.MAX_UPLOAD_BYTES) }, 'receipt');

/**
 * For a routes plugin whose paths take a receipt upload: an upload over MAX_UPLOAD_BYTES fails while the
 * multipart body is read, before the handler; answer it with the receipt's own message. Everything else
 * goes on to the app's error handler.
 */
export const answerOversizedReceipts = (app: FastifyInstance): void =>
  answerOversizedUploads(app, 'receipt', 'receiptTooLarge');

const RECEIPT_DIR = 'receipts';

/**
 * Stores a checked receipt in the file store (FILES_URL: the database by default) under a random key
 * `receipts/<hex>.<kind>`, the order's `receipt_path`; answers the key. Never inside a database transaction
 * (files/store.ts): callers store it first and remove it again if the order is not made.
 */
export async function storeReceipt(files: FileStore, receipt: PreparedReceipt): Promise<string> {
  const key = `${RECEIPT_DIR}/${randomBytes(16).toString('hex')}.${receipt.kind}`;
  await files.put(key, receipt.bytes);
  return key;
}

/** Removes a stored receipt; a key that is not a file key (never stored by the shop) is left alone. */
export async function removeReceipt(files: FileStore, receiptPath: string): Promise<void> {
  if (isFileKey(receiptPath)) await files.remove(receiptPath);
}

/** A stored receipt as a stream, or null (no such file, or not a receipt's image type). */
export async function readReceipt(files: FileStore, receiptPath: string): Promise<StoredFile | null> {
  if (!imageTypeOfName(receiptPath)) return null;
  return files.get(receiptPath);
}

/** A stored receipt's bytes (at most MAX_UPLOAD_BYTES when stored), or null: the bot sends it as a photo. */
export async function receiptBytes(files: FileStore, receiptPath: string): Promise<Buffer | null> {
  const file = await readReceipt(files, receiptPath);
  return file ? bodyBytes(receiptPath, file.stream).catch(() => null) : null;
}

// ---------------------------------------------------------------------------
// Signed links
// ---------------------------------------------------------------------------

/** Receipt links live this long. */
const RECEIPT_LINK_SECONDS = 60 * 60;

/** The GET path that serves a receipt: /v1/receipt/<order id>?u=<user>&exp=<unix>&sig=<hmac>. */
export const RECEIPT_PATH = '/v1/receipt';

/** The signing key, shared by every instance through the settings table. */
const signingKey = (db: Db) => shopSecret(db, 'receipt_link_secret', () => randomBytes(32).toString('base64url'));

/** What a signed link serves: an order's receipt, or an exchange request's photo (exchanges/). */
export type SignedFileScope = 'receipt' | 'exchange';

const sign = (key: string, scope: SignedFileScope, id: number, userId: number, exp: number) =>
  createHmac('sha256', key).update(`${scope}:${id}:${userId}:${exp}`).digest('base64url');

/**
 * A private file's GET path `${path}/${id}?u=<user>&exp=<unix>&sig=<hmac>`, signed for its owner `userId`, valid for an
 * hour: receipts (scope `receipt`, the order's id) and exchange photos (scope `exchange`, the request's id).
 */
export async function signedFileLink(
  db: Db,
  scope: SignedFileScope,
  path: string,
  id: number,
  userId: number,
  nowMs = Date.now(),
): Promise<string> {
  return (await fileLinkSigner(db))(scope, path, id, userId, nowMs);
}

/** Signs a private file's link as `signedFileLink` does, with a key already read. */
export type FileLinkSigner = (
  scope: SignedFileScope,
  path: string,
  id: number,
  userId: number,
  nowMs?: number,
) => string;

/** A signer reading the key once: a list signs each row's link without a read per row. */
export async function fileLinkSigner(db: Db): Promise<FileLinkSigner> {
  const key = await signingKey(db);
  return (scope, path, id, userId, nowMs = Date.now()) => {
    // Round the expiry so the same link is answered for a while (lets the browser cache the image).
    const exp = Math.floor(nowMs / 1000 / 600) * 600 + RECEIPT_LINK_SECONDS;
    return `${path}/${id}?u=${userId}&exp=${exp}&sig=${sign(key, scope, id, userId, exp)}`;
  };
}

/** Whether a signed link's signature and expiry hold. */
export async function verifySignedFileLink(
  db: Db,
  scope: SignedFileScope,
  link: { id: number; userId: number; exp: number; sig: string },
  nowMs = Date.now(),
): Promise<boolean> {
  if (!Number.isSafeInteger(link.exp) || link.exp * 1000 < nowMs) return false;
  const expected = Buffer.from(sign(await signingKey(db), scope, link.id, link.userId, link.exp));
  const given = Buffer.from(link.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A link to an order's receipt for its owner, valid for an hour. */
export const receiptLink = (db: Db, orderId: number, userId: number, nowMs = Date.now()): Promise<string> =>
  signedFileLink(db, 'receipt', RECEIPT_PATH, orderId, userId, nowMs);

const isRowId = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= MAX_ROW_ID;

/**
 * Registers GET `${path}/:id` serving a private file through a link made by `signedFileLink(db, scope, path, …)`: the
 * signature and expiry checked, then `open(id, userId)` finds the file of that owner. Anything else (no or a bad
 * signature, expired, another owner, no file) is the same 404. Streamed, inline, sandboxed, never sniffed, cached only
 * privately.
 */
export function signedFileRoute(
  app: FastifyInstance,
  scope: SignedFileScope,
  path: string,
  open: (id: number, userId: number) => Promise<StoredFile | null>,
): void {
  app.get<{ Params: { id: string }; Querystring: { u?: string; exp?: string; sig?: string } }>(
    `${path}/:id`,
    { schema: { hide: true } },
    async (req, reply) => {
      const id = Number(req.params.id);
      const userId = Number(req.query.u);
      const exp = Number(req.query.exp);
      const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
      const file =
        isRowId(id) && isRowId(userId) && sig && (await verifySignedFileLink(app.db, scope, { id, userId, exp, sig }))
          ? await open(id, userId)
          : null;
      if (!file) {
        const message = formatMessage(requestLang(req), 'notFound');
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({ success: false, code: 404, message, data: null });
      }
      // Shown inline as an image, never as a document of the shop's origin (a receipt is the customer's upload).
      reply.header('content-disposition', 'inline').header('content-security-policy', "default-src 'none'; sandbox");
      return sendFile(reply, file, 'private, max-age=600', req.headers['if-none-match']);
    },
  );
}
