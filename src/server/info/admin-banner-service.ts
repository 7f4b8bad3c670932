import { bannerState, isBannerLink, isShopPath } from '../../common/content-rules';
import type { AdminBanner } from '../../common/contract/admin/content';
import type { AdminMessageKey } from '../../common/i18n/admin-messages';
import type { StaffActor } from '../audit/actor';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { DEFAULT_IMAGE_WIDTH, imageUrlAt, isStoredImage, type StoredImage, storeImage } from '../files/images';
import type { FileStore } from '../files/store';
import { notFound, unprocessable } from '../lib/errors';
import { addDaysToDate, localDate, startOfDay } from '../lib/shop-days';
import { nowIso } from '../lib/time';
import * as repo from './admin-repository';
import { deleteRow, reorder } from './admin-service';

// The Content screen's banners (admin-service.ts says how every change is kept): their fields checked, their days as
// the shop's, their images, order and switch.

type FieldErrors = Array<{ field: string; key: AdminMessageKey }>;

/** Refuses the input when any field is at fault: 422, the first fault's message, every faulty field named. */
function refuse(errors: FieldErrors): void {
  if (errors.length > 0) throw unprocessable(errors[0]!.key, undefined, errors);
}

/** Text the shop shows in both languages when in either: the other language is required too. */
function pairErrors(values: Record<string, string>, names: readonly string[]): FieldErrors {
  const errors: FieldErrors = [];
  for (const name of names) {
    const en = values[`${name}_en`] ?? '';
    const zh = values[`${name}_zh`] ?? '';
    if (en && !zh) errors.push({ field: `${name}_zh`, key: 'contentNeedsChinese' });
    if (zh && !en) errors.push({ field: `${name}_en`, key: 'contentNeedsEnglish' });
  }
  return errors;
}

export interface BannerInput {
  image: string;
  title_en: string;
  title_zh: string;
  subtitle_en?: string;
  subtitle_zh?: string;
  alt_en?: string;
  alt_zh?: string;
  link: string;
  starts_on?: string;
  ends_on?: string;
  is_active?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A banner's days as the shop's instants: its first day's midnight and the midnight after its last day. */
function bannerTimes(zone: string, startsOn: string | undefined, endsOn: string | undefined) {
  return {
    starts_at: startsOn ? iso(startOfDay(zone, startsOn)) : null,
    ends_at: endsOn ? iso(startOfDay(zone, addDaysToDate(endsOn, 1))) : null,
  };
}

/** A banner's first and last shop days from its instants. */
function bannerDays(zone: string, row: Pick<repo.BannerRow, 'starts_at' | 'ends_at'>) {
  return {
    starts_on: row.starts_at ? localDate(zone, Date.parse(row.starts_at)) : null,
    ends_on: row.ends_at ? addDaysToDate(localDate(zone, Date.parse(row.ends_at)), -1) : null,
  };
}

function toBanner(row: repo.BannerRow, zone: string, now: string): AdminBanner {
  const active = row.is_active === 1;
  return {
    id: row.id,
    image: row.image,
    image_wide: imageUrlAt(row.image, 1280),
    title_en: row.title_en,
    title_zh: row.title_zh,
    subtitle_en: row.subtitle_en,
    subtitle_zh: row.subtitle_zh,
    alt_en: row.alt_en,
    alt_zh: row.alt_zh,
    link: row.link,
    sort_order: row.sort_order,
    is_active: active,
    ...bannerDays(zone, row),
    state: bannerState({ is_active: active, starts_at: row.starts_at, ends_at: row.ends_at }, now),
  };
}

/** What the audit log keeps of a banner: its texts, image, link, days and switch. */
function bannerRecord(row: repo.BannerRow, zone: string) {
  return {
    image: row.image,
    title_en: row.title_en,
    title_zh: row.title_zh,
    subtitle_en: row.subtitle_en,
    subtitle_zh: row.subtitle_zh,
    alt_en: row.alt_en,
    alt_zh: row.alt_zh,
    link: row.link,
    ...bannerDays(zone, row),
    is_active: row.is_active === 1,
  };
}

/**
 * Checks a banner's fields (image and link kinds, both languages, days in order) and answers the values to write.
 * `keepActive`: the switch when the input leaves it out.
 */
function bannerValues(zone: string, input: BannerInput, keepActive: number): repo.BannerValues {
  const values = {
    image: input.image,
    title_en: input.title_en,
    title_zh: input.title_zh,
    subtitle_en: input.subtitle_en ?? '',
    subtitle_zh: input.subtitle_zh ?? '',
    alt_en: input.alt_en ?? '',
    alt_zh: input.alt_zh ?? '',
    link: input.link,
  };
  const errors: FieldErrors = [];
  if (!isShopPath(values.image)) errors.push({ field: 'image', key: 'bannerImageInvalid' });
  if (!isBannerLink(values.link)) errors.push({ field: 'link', key: 'bannerLinkInvalid' });
  errors.push(...pairErrors(values, ['title', 'subtitle', 'alt']));
  if (input.starts_on && input.ends_on && input.ends_on < input.starts_on) {
    errors.push({ field: 'ends_on', key: 'bannerDateRange' });
  }
  refuse(errors);
  return {
    ...values,
    // An upload's any width is kept as the card width; the shop's hero asks for the wide one.
    image: imageUrlAt(values.image, DEFAULT_IMAGE_WIDTH),
    is_active: input.is_active === undefined ? keepActive : input.is_active ? 1 : 0,
    ...bannerTimes(zone, input.starts_on, input.ends_on),
  };
}

/**
 * Refuses (422 at `image`) an image that is neither uploaded to the shop's file store nor shown by a banner now (the
 * banner's own, or the shop's own pictures under /images/… that the seed's banners show): a path that merely looks
 * right would show a broken hero. `image` is the value to store (bannerValues); `uploaded`, whether the file store
 * holds it, is asked before the transaction (never the file store inside one: files/store.ts; an uploaded image never
 * changes, so the answer holds).
 */
async function checkBannerImage(db: Db, uploaded: boolean, image: string): Promise<void> {
  if (uploaded || (await repo.bannerImageInUse(db, image))) return;
  refuse([{ field: 'image', key: 'bannerImageInvalid' }]);
}

export async function listBanners(db: Db, zone: string): Promise<AdminBanner[]> {
  const now = nowIso();
  return (await repo.listBanners(db)).map((row) => toBanner(row, zone, now));
}

async function bannerIn(trx: Db, id: number): Promise<repo.BannerRow> {
  const row = await repo.findBanner(trx, id);
  if (!row) throw notFound('bannerNotFound', 'id');
  return row;
}

export async function createBanner(
  db: Db,
  files: FileStore,
  zone: string,
  actor: StaffActor,
  input: BannerInput,
): Promise<AdminBanner> {
  const values = bannerValues(zone, input, 1);
  const uploaded = await isStoredImage(files, values.image);
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      await checkBannerImage(trx, uploaded, values.image);
      const id = await repo.insertBanner(trx, values);
      const row = await bannerIn(trx, id);
      await recordAudit(trx, actor, {
        action: 'content.banner_create',
        entity: 'banner',
        entityId: id,
        after: bannerRecord(row, zone),
      });
      return toBanner(row, zone, nowIso());
    }),
  );
}

/** Writes `values` (checked in the transaction) to a banner and audits what changed (nothing changed: nothing written). */
async function changeBanner(
  db: Db,
  zone: string,
  actor: StaffActor,
  id: number,
  values: (trx: Db, before: repo.BannerRow) => Promise<Partial<repo.BannerValues>>,
): Promise<AdminBanner> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await bannerIn(trx, id);
      await repo.updateBanner(trx, id, await values(trx, before));
      const after = await bannerIn(trx, id);
      const diff = changedFields(bannerRecord(before, zone), bannerRecord(after, zone));
      if (diff) {
        await recordAudit(trx, actor, { action: 'content.banner_update', entity: 'banner', entityId: id, ...diff });
      }
      return toBanner(after, zone, nowIso());
    }),
  );
}

export async function updateBanner(
  db: Db,
  files: FileStore,
  zone: string,
  actor: StaffActor,
  id: number,
  input: BannerInput,
): Promise<AdminBanner> {
  // The fields are checked before the transaction (a refusal reads nothing), the image in it; `is_active` left out
  // keeps the row's switch.
  const checked = bannerValues(zone, input, 1);
  const uploaded = await isStoredImage(files, checked.image);
  return changeBanner(db, zone, actor, id, async (trx, before) => {
    await checkBannerImage(trx, uploaded, checked.image);
    return input.is_active === undefined ? { ...checked, is_active: before.is_active } : checked;
  });
}

export async function setBannerActive(
  db: Db,
  zone: string,
  actor: StaffActor,
  id: number,
  active: boolean,
): Promise<AdminBanner> {
  return changeBanner(db, zone, actor, id, async () => ({ is_active: active ? 1 : 0 }));
}

export const deleteBanner = (db: Db, zone: string, actor: StaffActor, id: number): Promise<void> =>
  deleteRow(db, actor, id, 'banner', bannerIn, repo.deleteBanner, (row) => bannerRecord(row, zone));
export async function reorderBanners(
  db: Db,
  zone: string,
  actor: StaffActor,
  ids: readonly number[],
): Promise<AdminBanner[]> {
  await withRetry(() => db.transaction().execute((trx) => reorder(trx, actor, 'banners', ids)));
  return listBanners(db, zone);
}

/** Stores an uploaded banner image (decoded, stripped, WebP per width; files/images.ts). Not audited: it changes
 * nothing the shop shows until a banner is saved with it. */
export async function uploadImage(files: FileStore, bytes: Uint8Array): Promise<StoredImage & { wide_url: string }> {
  const stored = await storeImage(files, bytes, 'image');
  return { ...stored, wide_url: imageUrlAt(stored.url, 1280) };
}
