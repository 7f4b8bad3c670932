import { bannerState, isBannerLink, isShopPath, type PageSlug } from '../../common/content-rules';
import type { AdminBanner, AdminFaq, AdminPage } from '../../common/contract/admin/content';
import type { AdminMessageKey } from '../../common/i18n/admin-messages';
import type { StaffActor } from '../audit/actor';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { DEFAULT_IMAGE_WIDTH, imageUrlAt, isStoredImage, type StoredImage, storeImage } from '../files/images';
import type { FileStore } from '../files/store';
import { conflict, notFound, unprocessable } from '../lib/errors';
import { addDaysToDate, localDate, startOfDay } from '../lib/shop-days';
import { nowIso } from '../lib/time';
import * as repo from './admin-repository';

/**
 * The back office's Content screen (issue 13): banners, information pages and FAQ. Every change is written to the
 * audit log (`content.banner_*`, `content.page_update`, `content.faq_*`) in its transaction, with the values before
 * and after (only those that changed). The shop reads these tables on every request, so a change shows at once.
 * A banner's days are the shop's days (`SHOP_TIMEZONE`): stored as the instants its first day starts and the day
 * after its last day starts.
 */

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

// ---------------------------------------------------------------------------
// Banners
// ---------------------------------------------------------------------------

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

/** Deletes a banner or a question, with the audit of what it was, in one transaction (an unknown id: 404). */
async function deleteRow<Row>(
  db: Db,
  actor: StaffActor,
  id: number,
  entity: 'banner' | 'faq',
  read: (trx: Db, id: number) => Promise<Row>,
  remove: (trx: Db, id: number) => Promise<unknown>,
  record: (row: Row) => unknown,
): Promise<void> {
  await withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await read(trx, id);
      await remove(trx, id);
      await recordAudit(trx, actor, {
        action: `content.${entity}_delete`,
        entity,
        entityId: id,
        before: record(before),
      });
    }),
  );
}

/**
 * Puts a list (banners or FAQ) in the order of `ids`, which must name every row once: a list changed meanwhile (a
 * row added or deleted by someone else) is refused with 409, so nobody's change is lost silently. The rows are locked
 * first, so two reorders at once run one after the other.
 */
async function reorder(trx: Db, actor: StaffActor, table: 'banners' | 'faqs', ids: readonly number[]): Promise<void> {
  const current = await repo.lockOrder(trx, table);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || ids.length !== current.length || current.some((id) => !wanted.has(id))) {
    throw conflict('contentListChanged', undefined, 'ids');
  }
  if (current.every((id, i) => ids[i] === id)) return;
  await repo.writeOrder(trx, table, ids);
  await recordAudit(trx, actor, {
    action: table === 'banners' ? 'content.banner_reorder' : 'content.faq_reorder',
    entity: table === 'banners' ? 'banner' : 'faq',
    before: { order: current },
    after: { order: [...ids] },
  });
}

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

// ---------------------------------------------------------------------------
// Information pages
// ---------------------------------------------------------------------------

export async function getPage(db: Db, slug: PageSlug): Promise<AdminPage> {
  const row = await repo.findPage(db, slug);
  return row ? { ...row, slug } : { slug, title_en: '', title_zh: '', body_en: '', body_zh: '', updated_at: null };
}

export interface PageInput {
  title_en: string;
  title_zh: string;
  body_en: string;
  body_zh: string;
  /** The version the editor loaded: a page saved since is refused (409) rather than overwritten. */
  expectedUpdatedAt?: string;
}

export async function updatePage(db: Db, actor: StaffActor, slug: PageSlug, input: PageInput): Promise<AdminPage> {
  const texts = { title_en: input.title_en, title_zh: input.title_zh, body_en: input.body_en, body_zh: input.body_zh };
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await getPage(trx, slug);
      if (input.expectedUpdatedAt && before.updated_at !== input.expectedUpdatedAt) {
        throw conflict('pageChangedMeanwhile');
      }
      const { updated_at: _, slug: __, ...beforeTexts } = before;
      const diff = changedFields(beforeTexts, texts);
      if (!diff) return before;
      const now = nowIso();
      const values = { ...texts, updated_at: now };
      // The check above reads; only the conditional write settles two saves of the same version at once.
      if (input.expectedUpdatedAt) {
        if (!(await repo.savePageIfUnchanged(trx, slug, values, input.expectedUpdatedAt))) {
          throw conflict('pageChangedMeanwhile');
        }
      } else await repo.savePage(trx, slug, values);
      await recordAudit(trx, actor, { action: 'content.page_update', entity: 'page', entityId: slug, ...diff }, now);
      return { slug, ...texts, updated_at: now };
    }),
  );
}

// ---------------------------------------------------------------------------
// FAQ
// ---------------------------------------------------------------------------

export const listFaqs = (db: Db): Promise<AdminFaq[]> => repo.listFaqs(db);

const faqRecord = (row: repo.FaqValues): repo.FaqValues => ({
  question_en: row.question_en,
  question_zh: row.question_zh,
  answer_en: row.answer_en,
  answer_zh: row.answer_zh,
});

async function faqIn(trx: Db, id: number): Promise<AdminFaq> {
  const row = await repo.findFaq(trx, id);
  if (!row) throw notFound('faqNotFound', 'id');
  return row;
}

export async function createFaq(db: Db, actor: StaffActor, input: repo.FaqValues): Promise<AdminFaq> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const id = await repo.insertFaq(trx, faqRecord(input));
      const row = await faqIn(trx, id);
      await recordAudit(trx, actor, {
        action: 'content.faq_create',
        entity: 'faq',
        entityId: id,
        after: faqRecord(row),
      });
      return row;
    }),
  );
}

export async function updateFaq(db: Db, actor: StaffActor, id: number, input: repo.FaqValues): Promise<AdminFaq> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await faqIn(trx, id);
      const diff = changedFields(faqRecord(before), faqRecord(input));
      if (!diff) return before;
      await repo.updateFaq(trx, id, faqRecord(input));
      await recordAudit(trx, actor, { action: 'content.faq_update', entity: 'faq', entityId: id, ...diff });
      return faqIn(trx, id);
    }),
  );
}

export const deleteFaq = (db: Db, actor: StaffActor, id: number): Promise<void> =>
  deleteRow(db, actor, id, 'faq', faqIn, repo.deleteFaq, faqRecord);

export async function reorderFaqs(db: Db, actor: StaffActor, ids: readonly number[]): Promise<AdminFaq[]> {
  await withRetry(() => db.transaction().execute((trx) => reorder(trx, actor, 'faqs', ids)));
  return listFaqs(db);
}
