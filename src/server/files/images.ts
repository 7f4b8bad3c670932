import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth, renditionAt } from '../../common/image-renditions';
import { badRequest } from '../lib/errors';
import { bodyBytes, type FileStore, type StoredFile } from './store';

/**
 * Images staff upload for products and banners (docs/decisions/015). The upload is decoded with sharp
 * (so only real images pass, whatever the name or declared type says), turned upright, stripped of metadata
 * (no camera GPS reaches the shop) and stored once per width the shop shows, as WebP, under a name made of the
 * content's hash: the same picture uploaded twice is one set of files, and the files never change, so they are
 * served public and immutable (`/media/…`, files/routes.ts).
 */

/** Widths stored per image (list cards and thumbnails, the product page, large screens; never enlarged). */
export { IMAGE_WIDTHS, type ImageWidth };

/** The width whose URL is kept on the product or banner (`image` columns): what a card shows. */
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 640;

/** Pixels an upload may have (a 50-megapixel photo passes; a decompression bomb does not). */
const MAX_INPUT_PIXELS = 50_000_000;

export const MEDIA_PREFIX = '/media/';

const keyFor = (hash: string, width: ImageWidth) => `images/${hash}-${width}.webp`;

/** The public URL of one stored width. */
export const imageUrl = (hash: string, width: ImageWidth = DEFAULT_IMAGE_WIDTH) =>
  `${MEDIA_PREFIX}${keyFor(hash, width)}`;

/** A stored image's URL at any of its widths; the content hash is its first group. */
const STORED_URL = /^\/media\/images\/([0-9a-f]{32})-(?:320|640|1280)\.webp$/;

/**
 * The URL of another width of an image served in three widths (e.g. a banner's 1280 from its 640; a stored upload
 * or a seeded drawing, common/image-renditions.ts); any other URL (an outside link, an SVG) is answered as it is.
 */
export const imageUrlAt = renditionAt;

/**
 * The JPEG rendition of a stored image (`/media/images/<hash>-<width>.jpg`, made from the stored WebP when asked,
 * files/routes.ts), for Telegram, which takes only JPEG as an inline result's photo; null for any other URL (the seed's
 * SVGs, an outside link).
 */
export function jpegUrlAt(url: string, width: ImageWidth): string | null {
  const m = STORED_URL.exec(url);
  return m ? `${MEDIA_PREFIX}images/${m[1]}-${width}.jpg` : null;
}

const JPEG_KEY = /^(images\/[0-9a-f]{32}-(?:320|640|1280))\.jpg$/;

/** Whether `key` (below /media/) names a JPEG rendition of a stored image. */
export const isJpegRenditionKey = (key: string): boolean => JPEG_KEY.test(key);

/** The renditions being made on this instance, per store and key: concurrent first requests share one encoding. */
const making = new WeakMap<FileStore, Map<string, Promise<boolean>>>();

/** Encodes the stored WebP `source` as the JPEG `key`; false when there is no such WebP or it cannot be decoded. */
async function makeJpeg(store: FileStore, source: string, key: string): Promise<boolean> {
  const webp = await store.get(source);
  if (!webp) return false;
  // Read whole first (a stored WebP is small): piped into sharp, a source failing mid-read (the database or S3) was an
  // unhandled 'error' event and an encoding that never ended.
  const input = await bodyBytes(source, webp.stream).catch(() => null);
  webp.stream.destroy();
  if (!input) return false;
  const bytes = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer()
    .catch(() => null);
  if (!bytes) return false;
  await store.put(key, bytes);
  return true;
}

/**
 * The JPEG rendition `key` (`images/<hash>-<width>.jpg`) of a stored WebP: made once with sharp on the first request
 * (on white: JPEG has no transparency) and kept in the store beside it, so later requests only read a file. Only a
 * stored image's three widths can be made (nothing for any other hash or width), and requests for one that is being
 * made wait for that encoding rather than start their own. Null when there is no such stored image (or it cannot be
 * decoded).
 */
export async function jpegRendition(store: FileStore, key: string): Promise<StoredFile | null> {
  const m = JPEG_KEY.exec(key);
  if (!m) return null;
  const made = await store.get(key);
  if (made) return made;
  const inFlight = making.get(store) ?? new Map<string, Promise<boolean>>();
  making.set(store, inFlight);
  let job = inFlight.get(key);
  if (!job) {
    // A request whose read above began before another request's encoding stored the file can get here after that
    // encoding has finished and left the map: it looks again (a read that starts now sees the stored file) before
    // encoding, so the rendition is still made once.
    job = (async () => (await store.has(key)) || makeJpeg(store, `${m[1]}.webp`, key))().finally(() =>
      inFlight.delete(key),
    );
    inFlight.set(key, job);
  }
  return (await job) ? store.get(key) : null;
}

/** Whether `url` names an image uploaded to `store` (at any of its widths), not just a path that looks like one. */
export async function isStoredImage(store: FileStore, url: string): Promise<boolean> {
  const m = STORED_URL.exec(url);
  return m !== null && (await store.has(keyFor(m[1]!, DEFAULT_IMAGE_WIDTH)));
}

/**
 * The formats the shop takes, as sharp names them. sharp decodes more (SVG, PDF, HEIC, PPM, raw camera files…), none
 * of which staff are told they may upload, and an SVG is a document (scripts, outside references), not a picture.
 */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['png', 'jpeg', 'webp', 'gif', 'tiff']);

/** Whether the decoded upload is one of the formats the shop takes; sharp reports AVIF as HEIF compressed with AV1. */
const isAcceptedFormat = (meta: Metadata): boolean =>
  ACCEPTED_FORMATS.has(meta.format ?? '') || (meta.format === 'heif' && meta.compression === 'av1');

export interface StoredImage {
  /** The URL kept on the product or banner (the 640 width). */
  url: string;
  width: number;
  height: number;
}

/** The formats a customer may send (a receipt, an exchange photo), by their first bytes: PNG, JPEG or WebP. */
export type CustomerImageKind = 'png' | 'jpg' | 'webp';

/** The image type of a file by its magic bytes: PNG, JPEG or WebP; null for anything else. */
export function detectImageKind(bytes: Uint8Array): CustomerImageKind | null {
  const starts = (sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * What a customer's image may be (docs/decisions/034): at most 40 megapixels when decoded (a small file can declare
 * 20000 × 20000 pixels and take gigabytes to show), and what is kept fits in 2000 × 2000 pixels, which is plenty to
 * read a bank receipt or see a damaged tin.
 */
export const CUSTOMER_IMAGE_LIMITS = { maxInputPixels: 40_000_000, maxSide: 2000, jpegQuality: 85 } as const;

export type CustomerImage =
  | { ok: true; bytes: Uint8Array; kind: 'jpg' }
  | { ok: false; reason: 'not_image' | 'too_large' };

/**
 * A customer's upload as the shop keeps it: decoded under the pixel limit, turned upright, reduced to fit
 * CUSTOMER_IMAGE_LIMITS.maxSide, without its metadata (a phone's EXIF can say where it was taken) and encoded again as
 * JPEG (on white, for a transparent PNG). Staff and the bot only ever see this bounded copy. Refused as `not_image`
 * when it is not a PNG, JPEG or WebP that decodes, `too_large` past the pixel limit.
 */
export async function boundedCustomerImage(bytes: Uint8Array): Promise<CustomerImage> {
  if (!detectImageKind(bytes)) return { ok: false, reason: 'not_image' };
  const { maxInputPixels, maxSide, jpegQuality } = CUSTOMER_IMAGE_LIMITS;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return { ok: false, reason: 'not_image' };
    // The header's size, before any pixel is decoded.
    if (meta.width * meta.height > maxInputPixels) return { ok: false, reason: 'too_large' };
    const out = await sharp(bytes, { limitInputPixels: maxInputPixels })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: jpegQuality })
      .toBuffer();
    return { ok: true, bytes: new Uint8Array(out), kind: 'jpg' };
  } catch {
    return { ok: false, reason: 'not_image' };
  }
}

/**
 * Decodes, resizes and stores an uploaded image. 400 at `field` when the bytes are not a PNG, JPEG, WebP, GIF, AVIF
 * or TIFF image that sharp can read, or are too large in pixels.
 */
export async function storeImage(store: FileStore, bytes: Uint8Array, field = 'image'): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw badRequest('imageUnreadable', undefined, field);
  }
  if (!isAcceptedFormat(meta) || !meta.width || !meta.height) throw badRequest('imageUnreadable', undefined, field);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  let size = { width: meta.width, height: meta.height };
  for (const width of IMAGE_WIDTHS) {
    const key = keyFor(hash, width);
    const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw badRequest('imageUnreadable', undefined, field);
      });
    if (width === DEFAULT_IMAGE_WIDTH) size = { width: out.info.width, height: out.info.height };
    if (!(await store.has(key))) await store.put(key, out.data);
  }
  return { url: imageUrl(hash), ...size };
}
