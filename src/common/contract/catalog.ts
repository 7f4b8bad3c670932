import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../search-rules';
import { defineEndpoint } from './endpoint';
import { id, int, MAX_ROW_ID, optional, optionalText } from './fields';

export const category = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
});
export type Category = z.infer<typeof category>;

export const tag = z.object({
  id: z.number().int(),
  kind: z.enum(['type', 'benefit', 'tag']),
  slug: z.string(),
  name: z.string(),
});
export type Tag = z.infer<typeof tag>;

export const banner = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The image's alt text ('' when the image is decoration: the title and subtitle say it all). */
  alt: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof banner>;

/** The Shop menu: its 7 categories, in menu order, named in the asked language. */
export const getCategory = defineEndpoint({
  path: '/v2/get-category',
  access: 'public',
  summary: 'The Shop menu categories',
  request: z.object({}),
  response: z.object({ categories: z.array(category) }),
});

/** The home page's hero banners, in order. */
export const getBanners = defineEndpoint({
  path: '/v2/get-banners',
  access: 'public',
  summary: 'Hero banners of the home page',
  request: z.object({}),
  response: z.object({ banners: z.array(banner) }),
});

/** The types, benefits and tags of the Shop mega-menu. */
export const getTags = defineEndpoint({
  path: '/v2/get-tags',
  access: 'public',
  summary: 'Types, benefits and tags of the Shop menu',
  request: z.object({}),
  response: z.object({ tags: z.array(tag) }),
});

// ---------------------------------------------------------------------------
// Products: list, details, reviews
// ---------------------------------------------------------------------------

export const STOCK_STATES = ['in_stock', 'out_of_stock', 'ready_stock', 'coming_soon'] as const;
export const stockState = z.enum(STOCK_STATES);
export type StockState = z.infer<typeof stockState>;

export const PRODUCT_SORTS = ['newest', 'oldest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Page size of keyset-paged lists. */
export const LIST_LIMIT = { min: 1, max: 50, default: 20 } as const;

const pageLimit = () =>
  optional(
    int().pipe(
      z
        .number()
        .min(LIST_LIMIT.min, { error: `must be between ${LIST_LIMIT.min} and ${LIST_LIMIT.max}` })
        .max(LIST_LIMIT.max, { error: `must be between ${LIST_LIMIT.min} and ${LIST_LIMIT.max}` }),
    ),
  );

/** An opaque list position from a previous page's `next_cursor`. */
const cursorField = () => optionalText(500);

/** A slug filter: lower-case letters, digits and dashes. */
const slugFilter = () =>
  optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(80, { error: 'must be at most 80 characters' })
      .regex(/^[a-z0-9-]+$/, { error: 'must be a slug (letters, digits and dashes)' }),
  );

export const ratingSummary = z.object({
  /** Mean rating, one decimal; 0 when there are no reviews. */
  average: z.number(),
  count: z.number().int(),
});

/** A card of the product list. Prices are of the cheapest packaging (src/common/pricing.ts cheapestPackaging). */
export const productCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  price_cents: z.number().int(),
  discount_price_cents: z.number().int().nullable(),
  has_discount: z.boolean(),
  /** The packagings sell at different prices: the card's price is a "From" price (docs/decisions/055). */
  price_varies: z.boolean(),
  stock_state: stockState,
  /** Units in stock over all packagings. */
  stock_total: z.number().int(),
  rating: ratingSummary,
  created_at: z.string(),
});
export type ProductCard = z.infer<typeof productCard>;

/** The longest search text `q` accepted (src/common/search-rules.ts, zod-free for the client's first screen). */
export { SEARCH_MAX_LENGTH };

/**
 * A page of the product list, newest (default) or oldest first. Filters: `category` (id or slug) and
 * one of `type`, `benefit`, `tag` (slugs), alone or together, and the search text `q` (products whose name
 * matches come first, then those matching by description only; each group in the chosen sort). Keyset-paged: pass `next_cursor` as
 * `cursor` for the next page; it is null on the last page.
 */
export const getProductList = defineEndpoint({
  path: '/v2/get-product-list',
  access: 'public',
  summary: 'A page of products, optionally filtered by category, type, benefit or tag, or searched by text',
  request: z.object({
    category: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(80, { error: 'must be at most 80 characters' })
        .regex(/^[a-z0-9-]+$/, { error: 'must be a category id or slug' })
        // All digits is read as an id: one no column can hold names no category.
        .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_ROW_ID, {
          error: `must be a category id (at most ${MAX_ROW_ID}) or slug`,
        }),
    ),
    type: slugFilter(),
    benefit: slugFilter(),
    tag: slugFilter(),
    sort: optional(z.enum(PRODUCT_SORTS, { error: 'must be newest or oldest' })),
    /** Search text (trimmed; blank = no search): English or Chinese, in names and descriptions (decision 017). */
    q: optionalText(SEARCH_MAX_LENGTH),
    cursor: cursorField(),
    limit: pageLimit(),
  }),
  response: z.object({
    products: z.array(productCard),
    next_cursor: z.string().nullable(),
    sort: z.enum(PRODUCT_SORTS),
    /** The category filtered by, named in the asked language. */
    category: category.nullable(),
    /** The type, benefit or tag filtered by, named in the asked language. */
    tag: tag.nullable(),
  }),
});

export const variant = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name in every language, indexed by language id − 1. */
  translations: z.array(z.object({ lang: z.enum(['en', 'zh']), name: z.string() })),
  price_cents: z.number().int(),
  discount_price_cents: z.number().int().nullable(),
  has_discount: z.boolean(),
  stock: z.number().int(),
});
export type Variant = z.infer<typeof variant>;

/** The product of a line going into the cart (a saved cart's line, a Buy again line): what the cart shows of it. */
export const cartLineProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  translations: z.array(z.object({ lang: z.enum(['en', 'zh']), name: z.string() })),
});

export const frequencyOption = z.object({
  /** 0 is one-time; 2, 4, 8 are Subscribe & save. */
  weeks: z.number().int(),
  discount_percent: z.number().int(),
});
export type FrequencyOption = z.infer<typeof frequencyOption>;

export const productDetails = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** The name in every language, indexed by language id − 1 (as the browser cart line's `translations`). */
  translations: z.array(z.object({ lang: z.enum(['en', 'zh']), name: z.string() })),
  description: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  /** Each image's alt text (same index as `images`); '' when there is none (the product's name then describes it). */
  image_alts: z.array(z.string()).optional(),
  variants: z.array(variant),
  subscribable: z.boolean(),
  frequencies: z.array(frequencyOption),
  stock_state: stockState,
  /** Units in stock over all packagings. */
  stock_balance: z.number().int(),
  availability: z.object({ ph: z.boolean(), cn: z.boolean() }),
  rating: ratingSummary.extend({
    /** How many reviews gave 1…5 stars, keyed "1"…"5". */
    stars: z.object({
      1: z.number().int(),
      2: z.number().int(),
      3: z.number().int(),
      4: z.number().int(),
      5: z.number().int(),
    }),
  }),
  categories: z.array(category),
  tags: z.array(tag),
});
export type ProductDetails = z.infer<typeof productDetails>;

/** One product with its packagings, delivery frequencies, stock, availability, rating, categories and tags. */
export const getProductDetails = defineEndpoint({
  path: '/v2/get-product-details',
  access: 'public',
  summary: 'One product, in full',
  request: z.object({ product_id: id() }),
  response: z.object({
    product: productDetails,
    /**
     * The shop's Mini App as a t.me link without parameters (`https://t.me/<bot>/<app>` or `https://t.me/<bot>`), from
     * which Share builds `?startapp=p<id>` links inside Telegram (src/common/startapp.ts); null when the shop has no bot
     * username. Optional: a server without it makes Share inside Telegram share the web link instead.
     */
    mini_app_link: z.string().nullable().optional(),
  }),
});

export const review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  description: z.string(),
  nickname: z.string(),
  created_at: z.string(),
});
export type Review = z.infer<typeof review>;

/** A product's reviews, newest first, keyset-paged like the product list. */
export const getProductReviews = defineEndpoint({
  path: '/v2/get-product-reviews',
  access: 'public',
  summary: "A page of a product's reviews, newest first",
  request: z.object({ product_id: id(), cursor: cursorField(), limit: pageLimit() }),
  response: z.object({ reviews: z.array(review), next_cursor: z.string().nullable() }),
});
