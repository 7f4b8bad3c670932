import type { Kysely } from 'kysely';
import type { PageSlug } from '../../common/content-rules';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';

// All SQL of the back office's Content screen: banners, information pages, FAQ, in both languages.

const BANNER_COLUMNS = [
  'id',
  'image',
  'title_en',
  'title_zh',
  'subtitle_en',
  'subtitle_zh',
  'alt_en',
  'alt_zh',
  'link',
  'sort_order',
  'is_active',
  'starts_at',
  'ends_at',
] as const;

export type BannerRow = NonNullable<Awaited<ReturnType<typeof findBanner>>>;

/** What a banner's editor writes (everything but its id and place in the list). */
export interface BannerValues {
  image: string;
  title_en: string;
  title_zh: string;
  subtitle_en: string;
  subtitle_zh: string;
  alt_en: string;
  alt_zh: string;
  link: string;
  is_active: number;
  starts_at: string | null;
  ends_at: string | null;
}

export async function listBanners(db: Db) {
  return db.selectFrom('banners').select(BANNER_COLUMNS).orderBy('sort_order').orderBy('id').execute();
}

export async function findBanner(db: Db, id: number) {
  return db.selectFrom('banners').select(BANNER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Whether some banner shows this image now (its stored `image`). */
export async function bannerImageInUse(db: Db, image: string): Promise<boolean> {
  const row = await db.selectFrom('banners').select('id').where('image', '=', image).executeTakeFirst();
  return row !== undefined;
}

export async function insertBanner(db: Db, values: BannerValues): Promise<number> {
  const row = await db
    .insertInto('banners')
    .values({ ...values, sort_order: await nextSortOrder(db, 'banners') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBanner(db: Db, id: number, values: Partial<BannerValues>): Promise<boolean> {
  const r = await db.updateTable('banners').set(values).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteBanner(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// Ordered lists (banners, FAQ): `sort_order` then id, as the shop reads them.

type Ordered = 'banners' | 'faqs';

/** The place after the last row. */
async function nextSortOrder(db: Db, table: Ordered): Promise<number> {
  const row = await db
    .selectFrom(table as 'faqs')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * The list's ids in their order, its rows locked (PostgreSQL `for update`; SQLite writes one at a time), so two
 * reorders of the same list run one after the other and each sees the other's result.
 */
export async function lockOrder(db: Db, table: Ordered): Promise<number[]> {
  const rows = await db
    .selectFrom(table as 'faqs')
    .select('id')
    .orderBy('sort_order')
    .orderBy('id')
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forUpdate())
    .execute();
  return rows.map((r) => r.id);
}

/** Writes `ids`' positions as their sort order (0, 1, 2, …). */
export async function writeOrder(db: Db, table: Ordered, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable(table as 'faqs')
      .set({ sort_order: position })
      .where('id', '=', id)
      .execute();
  }
}

// Information pages

export async function findPage(db: Db, slug: PageSlug) {
  return db
    .selectFrom('pages')
    .select(['slug', 'title_en', 'title_zh', 'body_en', 'body_zh', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export interface PageValues {
  title_en: string;
  title_zh: string;
  body_en: string;
  body_zh: string;
  updated_at: string;
}

/** Writes a page (the four slugs exist in a seeded shop; a page never written is created). */
export async function savePage(db: Db, slug: PageSlug, values: PageValues): Promise<void> {
  await db
    .insertInto('pages')
    .values({ slug, ...values })
    .onConflict((oc) => oc.column('slug').doUpdateSet(values))
    .execute();
}

/**
 * Writes a page only if it is still the version `expectedUpdatedAt` (a conditional update); false when it is not
 * (saved by someone else since). Of two saves of one version at once, the second waits for the first's row lock,
 * then finds the new version and changes nothing.
 */
export async function savePageIfUnchanged(
  db: Db,
  slug: PageSlug,
  values: PageValues,
  expectedUpdatedAt: string,
): Promise<boolean> {
  const r = await db
    .updateTable('pages')
    .set(values)
    .where('slug', '=', slug)
    .where('updated_at', '=', expectedUpdatedAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// FAQ

const FAQ_COLUMNS = ['id', 'question_en', 'question_zh', 'answer_en', 'answer_zh', 'sort_order'] as const;

export interface FaqValues {
  question_en: string;
  question_zh: string;
  answer_en: string;
  answer_zh: string;
}

export async function listFaqs(db: Db) {
  return db.selectFrom('faqs').select(FAQ_COLUMNS).orderBy('sort_order').orderBy('id').execute();
}

export async function findFaq(db: Db, id: number) {
  return db.selectFrom('faqs').select(FAQ_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertFaq(db: Db, values: FaqValues): Promise<number> {
  const row = await db
    .insertInto('faqs')
    .values({ ...values, sort_order: await nextSortOrder(db, 'faqs') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFaq(db: Db, id: number, values: FaqValues): Promise<boolean> {
  const r = await db.updateTable('faqs').set(values).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteFaq(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('faqs').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
