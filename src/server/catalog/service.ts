import {
  LIST_LIMIT,
  type ProductCard,
  type ProductDetails,
  type ProductSort,
  type Review,
} from '../../common/contract/catalog';
import type { Lang } from '../../common/contract/lang';
import { FREQUENCIES, hasDiscount, SUBSCRIPTION_DISCOUNT_PERCENT } from '../../common/pricing';
import { clipSearchText } from '../../common/search-rules';
import { effectiveStockState } from '../../common/stock';
import type { Db } from '../db/connection';
import { notFound } from '../lib/errors';
import { RawJson } from '../lib/raw-json';
import type { Shop } from '../shop';
import { average, pageCards, toCard } from './cards';
import { decodeCursor, decodeSearchCursor, encodeCursor, encodeSearchCursor, type SearchPosition } from './cursor';
import { type CardRow, listProductPage } from './list-repository';
import * as repo from './repository';
import * as search from './search-repository';

/** What reading the product list needs of the shop: the database and the catalogue's cache. */
export type CatalogReader = Pick<Shop, 'db' | 'catalog'>;

// Catalogue rules: resolve filters, read keyset pages, shape products for the contract.

interface ListFilters {
  category?: string;
  type?: string;
  benefit?: string;
  tag?: string;
  sort?: ProductSort;
  /** Search text, trimmed (decision 017). */
  q?: string;
  cursor?: string;
  limit?: number;
}

// Both lookups are kept by the catalogue's cache (list-cache.ts), keyed on what names the row: an id as a number
// ("007" is 7).
async function resolveCategory({ db, catalog }: CatalogReader, lang: Lang, key: string) {
  const found = /^\d+$/.test(key)
    ? await catalog.memoized(`category_${lang}_id_${Number(key)}`, () =>
        repo.findCategory(db, lang, { id: Number(key) }),
      )
    : await catalog.memoized(`category_${lang}_slug_${key}`, () => repo.findCategory(db, lang, { slug: key }));
  if (!found) throw notFound('categoryNotFound', 'category');
  return found;
}

async function resolveTag({ db, catalog }: CatalogReader, lang: Lang, field: 'type' | 'benefit' | 'tag', slug: string) {
  const found = await catalog.memoized(`tag_${lang}_${slug}`, () => repo.findTag(db, lang, slug));
  // A `type` filter must name a type, a `benefit` a benefit, a `tag` a tag.
  if (!found || found.kind !== field) throw notFound('tagNotFound', field);
  return found;
}

/**
 * One page of the product list with its filters resolved (unknown ones are a 404 naming the field). A list page
 * answers its rows' kept cards as they are (`RawJson`, cards.ts); a search page builds its cards.
 */
export async function productList(
  shop: CatalogReader,
  lang: Lang,
  f: ListFilters,
  onKeepFailed: (err: unknown) => void = () => {},
) {
  const { db } = shop;
  const order: ProductSort = f.sort ?? 'newest';
  const limit = f.limit ?? LIST_LIMIT.default;
  const text = f.q?.trim() || undefined;
  const searchAfter = f.cursor && text ? decodeSearchCursor(f.cursor, order) : null;
  const after = f.cursor && !text ? decodeCursor(f.cursor, order) : null;
  const category = f.category ? await resolveCategory(shop, lang, f.category) : null;
  const tags = [];
  for (const field of ['type', 'benefit', 'tag'] as const) {
    const slug = f[field];
    if (slug) tags.push(await resolveTag(shop, lang, field, slug));
  }
  const filters = { ...(category ? { categoryId: category.id } : {}), tagIds: tags.map((t) => t.id), order };
  let next_cursor: string | null = null;
  let products: ProductCard[] | RawJson<ProductCard[]>;
  if (text) {
    const found = await searchRows(db, lang, { ...filters, text }, searchAfter, limit + 1);
    products = found.slice(0, limit).map((r) => toCard(r.row));
    const last = found[limit - 1];
    if (found.length > limit && last) {
      next_cursor = encodeSearchCursor(
        { createdAt: last.row.pos_created_at, id: last.row.pos_id, group: last.group },
        order,
      );
    }
  } else {
    const rows = await listProductPage(db, lang, { ...filters, after, take: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    if (rows.length > limit && last)
      next_cursor = encodeCursor({ createdAt: last.pos_created_at, id: last.pos_id }, order);
    products = new RawJson(`[${(await pageCards(db, lang, page, onKeepFailed)).join(',')}]`);
  }
  return {
    products,
    next_cursor,
    sort: order,
    category: category ?? null,
    // The list is titled by the first tag filter (the client sends one at a time).
    tag: tags[0] ?? null,
  };
}

/**
 * Up to `take` search results after `after`: the name matches (group 0) in the list's order, then the products
 * matching by description only (group 1), each group read as its own keyset page.
 */
async function searchRows(
  db: Db,
  lang: Lang,
  q: Omit<search.SearchQuery, 'group' | 'after' | 'take'>,
  after: SearchPosition | null,
  take: number,
): Promise<{ row: CardRow; group: 0 | 1 }[]> {
  const out: { row: CardRow; group: 0 | 1 }[] = [];
  for (const group of [0, 1] as const) {
    if (after && after.group > group) continue;
    const from = after && after.group === group ? after : null;
    const rows = await search.searchProductPage(db, lang, { ...q, group, after: from, take: take - out.length });
    out.push(...rows.map((row) => ({ row, group })));
    if (out.length >= take) break;
  }
  return out;
}

/**
 * The cards of the products matching `q` (trimmed; names first, then descriptions), newest first: the list's
 * search without filters or paging, for the bot's inline queries.
 */
export async function searchProducts(db: Db, lang: Lang, q: string, take: number): Promise<ProductCard[]> {
  const text = clipSearchText(q);
  if (!text) return [];
  const found = await searchRows(db, lang, { text, tagIds: [], order: 'newest' }, null, Math.max(1, take));
  return found.map((r) => toCard(r.row));
}

/** A product in full; unknown or inactive ids are a 404. */
export async function productDetails(db: Db, lang: Lang, productId: number): Promise<ProductDetails> {
  const p = await repo.findProduct(db, productId);
  if (!p) throw notFound('productNotFound', 'product_id');
  const [packagings, images, categories, tags, counts] = await Promise.all([
    repo.listPackagings(db, lang, productId),
    repo.listImages(db, lang, productId),
    repo.listProductCategories(db, lang, productId),
    repo.listProductTags(db, lang, productId),
    repo.ratingCounts(db, productId),
  ]);
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  let count = 0;
  for (const c of counts) {
    const n = Number(c.n);
    if (c.rating >= 1 && c.rating <= 5) stars[c.rating as 1 | 2 | 3 | 4 | 5] = n;
    sum += c.rating * n;
    count += n;
  }
  const subscribable = p.subscribable === 1;
  return {
    id: p.id,
    slug: p.slug,
    name: lang === 'zh' ? p.name_zh : p.name_en,
    translations: [
      { lang: 'en', name: p.name_en },
      { lang: 'zh', name: p.name_zh },
    ],
    description: lang === 'zh' ? p.description_zh : p.description_en,
    image: p.image,
    images: images.length ? images.map((i) => i.url) : [p.image],
    image_alts: images.length ? images.map((i) => i.alt) : [''],
    variants: packagings.map((v) => ({
      id: v.id,
      name: v.name,
      translations: [
        { lang: 'en' as const, name: v.name_en },
        { lang: 'zh' as const, name: v.name_zh },
      ],
      price_cents: v.price_cents,
      discount_price_cents: v.discount_price_cents,
      has_discount: hasDiscount(v.price_cents, v.discount_price_cents),
      stock: v.stock,
    })),
    subscribable,
    frequencies: FREQUENCIES.filter((w) => w === 0 || subscribable).map((weeks) => ({
      weeks,
      discount_percent: weeks === 0 ? 0 : SUBSCRIPTION_DISCOUNT_PERCENT,
    })),
    stock_state: effectiveStockState(
      p.stock_state,
      packagings.reduce((s, v) => s + v.stock, 0),
    ),
    stock_balance: packagings.reduce((s, v) => s + v.stock, 0),
    availability: { ph: p.available_ph === 1, cn: p.available_cn === 1 },
    rating: { average: average(sum, count), count, stars },
    categories,
    tags,
  };
}

/** A page of a product's reviews, newest first. */
export async function productReviews(
  db: Db,
  productId: number,
  f: { cursor?: string; limit?: number },
): Promise<{ reviews: Review[]; next_cursor: string | null }> {
  const limit = f.limit ?? LIST_LIMIT.default;
  const after = f.cursor ? decodeCursor(f.cursor, 'newest') : null;
  if (!(await repo.findProduct(db, productId))) {
    throw notFound('productNotFound', 'product_id');
  }
  const rows = await repo.listReviewPage(db, productId, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    reviews: page,
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
