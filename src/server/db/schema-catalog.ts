import type { Generated } from 'kysely';
import type { StockState } from '../../common/contract/catalog';
import type { StockSource } from '../../common/stock-rules';

// The catalogue's tables (part of `Database` in schema.ts, split off to keep that file short).

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_zh: string;
  sort_order: number;
}

export interface TagsTable {
  id: Generated<number>;
  /** 'type' | 'benefit' | 'tag' */
  kind: string;
  slug: string;
  name_en: string;
  name_zh: string;
  sort_order: number;
}

export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_zh: string;
  description_en: string;
  description_zh: string;
  image: string;
  stock_state: StockState;
  available_ph: number;
  available_cn: number;
  subscribable: number;
  /** Lowest variant price and its discount price, kept for list cards and price sorting. */
  price_cents: number;
  discount_price_cents: number | null;
  /** 1 when the packagings on sale sell at different prices: the card says "From" (docs/decisions/055). */
  price_varies: Generated<number>;
  /** Sum of the variants' stock, kept for list cards. */
  stock_total: number;
  /** A packaging is low at or below this stock (null: the shop's `low_stock_default` setting). */
  low_stock_threshold: number | null;
  /** "Running low?" this many days after a completed order's one-time line (docs/decisions/056); null: never. */
  reorder_days: number | null;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
  /**
   * The list card as the product list answers it, per language, or null until a list read builds it; cleared with
   * `card_format` and `card_rev` bumped by a trigger whenever an update names a column the cards are made of
   * (docs/decisions/028).
   */
  card_en: string | null;
  card_zh: string | null;
  /** The server's card format the row's cards were built in (catalog/cards.ts CARD_FORMAT). */
  card_format: number | null;
  card_rev: Generated<number>;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
  /** Copy of products.created_at so a category's list is one index range in creation order. */
  created_at: string;
}

export interface ProductTagsTable {
  product_id: number;
  tag_id: number;
  created_at: string;
}

/** A packaging option: its own price and stock. Stock never goes below zero. */
export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  name_en: string;
  name_zh: string;
  price_cents: number;
  discount_price_cents: number | null;
  stock: number;
  sort_order: number;
  /** 1: retired (never shown or sold again; kept for the orders that name it). */
  is_retired: Generated<number>;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  url: string;
  sort_order: number;
  /** The image's text for screen readers ('' : the product's name). */
  alt_en: Generated<string>;
  alt_zh: Generated<string>;
}

export interface BannersTable {
  id: Generated<number>;
  image: string;
  title_en: string;
  title_zh: string;
  subtitle_en: string;
  subtitle_zh: string;
  link: string;
  sort_order: number;
  is_active: Generated<number>;
  /** Shown from this instant (the shop's midnight of its first day, UTC ISO); null: from now on. */
  starts_at: Generated<string | null>;
  /** Shown until this instant, exclusive (the midnight after its last day); null: no end. */
  ends_at: Generated<string | null>;
  /** The image's alt text ('' when the image is decoration). */
  alt_en: Generated<string>;
  alt_zh: Generated<string>;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number | null;
  order_id: number | null;
  /** Shown as the author; copied from the user's nickname (seeded reviews have no user). */
  nickname: string;
  rating: number;
  title: string;
  description: string;
  created_at: string;
}

/** Where a stock change came from (stock_movements.source): the union of src/common/stock-rules.ts. */
export type { StockSource };

/** One change of a packaging's stock, with the stock it left (the product page's stock history). */
export interface StockMovementsTable {
  id: Generated<number>;
  product_id: number;
  packaging_id: number;
  /** Units added (> 0) or taken (< 0); never 0. */
  delta: number;
  stock_after: number;
  source: StockSource;
  /** Staff's reason for an adjustment or an import's file name; '' for orders. */
  reason: string;
  order_id: number | null;
  /** The staff member who adjusted or imported it; null for orders and cancels (the order says who). */
  user_id: number | null;
  created_at: string;
}
