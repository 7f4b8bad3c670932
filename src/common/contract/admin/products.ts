import { z } from 'zod';
import {
  MAX_PRICE_CENTS,
  MIN_PRICE_CENTS,
  PRODUCT_LIMITS,
  PRODUCT_STATES,
  SLUG_MAX,
  SLUG_PATTERN,
  STOCK_FILTERS,
  TAG_KINDS,
} from '../../catalogue-rules';
import { REORDER_DAYS } from '../../marketing-rules';
import { MAX_LOW_STOCK_THRESHOLD } from '../../stock-rules';
import { stockState } from '../catalog';
import { defineAdminEndpoint } from '../endpoint';
import { flag, id, int, json, optional, optionalText, text } from '../fields';
import { adminPaging, nextCursor } from './paging';

/**
 * The back office's Products screens (docs/decisions/015): the list, a product's page and its form (names,
 * descriptions, slug, categories and tags, images, availability, state, low-stock threshold), its packagings (add,
 * edit, reorder, retire) and image uploads. Permission `catalogue` (owner, manager). Prices are integer cents; the
 * screen asks for dollars and sends cents. The state's meaning in the shop's columns: src/common/catalogue-rules.ts.
 */

const state = z.enum(PRODUCT_STATES, { error: `must be one of ${PRODUCT_STATES.join(', ')}` });

const slug = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'is required' })
      .min(1, { error: 'must not be empty' })
      .max(SLUG_MAX, { error: `must be at most ${SLUG_MAX} characters` })
      .regex(SLUG_PATTERN, { error: 'must be lower-case letters and digits joined by single dashes' }),
  );

/** A description: may be empty, at most PRODUCT_LIMITS.description characters. */
const description = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
    z.string().max(PRODUCT_LIMITS.description, { error: `must be at most ${PRODUCT_LIMITS.description} characters` }),
  );

const altText = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
    z.string().max(PRODUCT_LIMITS.alt, { error: `must be at most ${PRODUCT_LIMITS.alt} characters` }),
  );

/** A price in cents, from MIN_PRICE_CENTS to MAX_PRICE_CENTS (src/common/catalogue-rules.ts: the CSV's rule too). */
const price = () => {
  const range = `must be from ${MIN_PRICE_CENTS} to ${MAX_PRICE_CENTS} cents`;
  return int().pipe(z.number().min(MIN_PRICE_CENTS, { error: range }).max(MAX_PRICE_CENTS, { error: range }));
};

/** A packaging's name and prices (the service refuses a discount price that is not below the price). */
const packagingFields = {
  name_en: text(PRODUCT_LIMITS.packagingName),
  name_zh: text(PRODUCT_LIMITS.packagingName),
  price_cents: price(),
  /** Empty: no discount. */
  discount_price_cents: optional(price()),
};

/** Units a new packaging starts with (written as the first row of its stock history). */
const initialStock = () =>
  int().pipe(
    z
      .number()
      .min(0, { error: `must be from 0 to ${PRODUCT_LIMITS.initialStock}` })
      .max(PRODUCT_LIMITS.initialStock, { error: `must be from 0 to ${PRODUCT_LIMITS.initialStock}` }),
  );

const newPackaging = z.object({ ...packagingFields, stock: optional(initialStock()) });

/** An image of the product: an uploaded one (`/admin/products/images/upload`) or one it already has. */
const imageInput = z.object({ url: text(500), alt_en: altText(), alt_zh: altText() });

const threshold = () => {
  const range = `must be from 0 to ${MAX_LOW_STOCK_THRESHOLD}`;
  return optional(int().pipe(z.number().min(0, { error: range }).max(MAX_LOW_STOCK_THRESHOLD, { error: range })));
};

/** "Running low?" days (docs/decisions/056): a whole number in REORDER_DAYS, or empty for none. */
const reorderDays = () => {
  const range = `must be from ${REORDER_DAYS.min} to ${REORDER_DAYS.max}`;
  return optional(
    int().pipe(z.number().min(REORDER_DAYS.min, { error: range }).max(REORDER_DAYS.max, { error: range })),
  );
};

/** The fields of the product form (create and update). */
const productFields = {
  slug: slug(),
  name_en: text(PRODUCT_LIMITS.name),
  name_zh: text(PRODUCT_LIMITS.name),
  description_en: description(),
  description_zh: description(),
  state,
  available_ph: flag(),
  available_cn: flag(),
  subscribable: flag(),
  /** Empty: the shop's default (`low_stock_default`). */
  low_stock_threshold: threshold(),
  /** Empty: no "Running low?" reminder for this product. */
  reorder_days: reorderDays(),
  category_ids: json(z.array(id()).max(50, { error: 'must list at most 50 categories' })),
  /** Types, benefits and tags (one table, `kind`). */
  tag_ids: json(z.array(id()).max(50, { error: 'must list at most 50 tags' })),
  /** In the shop's order: the first is the product's main image. */
  images: json(z.array(imageInput).max(PRODUCT_LIMITS.images, { error: `must list at most ${PRODUCT_LIMITS.images}` })),
};

export const adminPackaging = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_zh: z.string(),
  price_cents: z.number().int(),
  discount_price_cents: z.number().int().nullable(),
  stock: z.number().int(),
  /** Retired: never shown or sold again; kept for the orders that name it. */
  is_retired: z.boolean(),
  /** On sale and at or below the product's low-stock threshold. */
  low: z.boolean(),
});
export type AdminPackaging = z.infer<typeof adminPackaging>;

export const adminProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  description_en: z.string(),
  description_zh: z.string(),
  state,
  /** What the shop shows (in stock, out of stock, ready stock, coming soon). */
  stock_state: stockState,
  available_ph: z.boolean(),
  available_cn: z.boolean(),
  subscribable: z.boolean(),
  low_stock_threshold: z.number().int().nullable(),
  /** The shop's default threshold, used when the product sets none. */
  low_stock_default: z.number().int(),
  /** Days after a completed order when its customer is asked "Running low?" (null: never; docs/decisions/056). */
  reorder_days: z.number().int().nullable(),
  category_ids: z.array(z.number().int()),
  tag_ids: z.array(z.number().int()),
  images: z.array(z.object({ url: z.string(), alt_en: z.string(), alt_zh: z.string() })),
  /** On sale first in the shop's order, then retired ones. */
  packagings: z.array(adminPackaging),
  /** The list card's price: the cheapest packaging on sale. */
  price_cents: z.number().int(),
  discount_price_cents: z.number().int().nullable(),
  stock_total: z.number().int(),
  /** Orders or subscriptions name it: it can be hidden, not deleted. */
  has_orders: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

const productAnswer = z.object({ product: adminProduct });

export const adminProductRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  image: z.string(),
  state,
  stock_state: stockState,
  /** Lowest and highest price a shopper pays (discount price when there is one) over the packagings on sale. */
  price_min_cents: z.number().int().nullable(),
  price_max_cents: z.number().int().nullable(),
  stock_total: z.number().int(),
  /** A packaging on sale is at or below the low-stock threshold. */
  low: z.boolean(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const adminProductsList = defineAdminEndpoint({
  path: '/admin/products/list',
  permission: 'catalogue',
  summary:
    'Products newest first, searched by name (English or Chinese) or slug, filtered by category, type/benefit/tag, stock (in_stock, low, out_of_stock, coming_soon) and hidden; keyset-paged by id',
  request: z.object({
    q: optionalText(200),
    category_id: optional(id()),
    tag_id: optional(id()),
    stock: optional(z.enum(STOCK_FILTERS, { error: `must be one of ${STOCK_FILTERS.join(', ')}` })),
    /** 1: only hidden products; 0: only those the shop shows; empty: both. */
    hidden: optional(flag()),
    ...adminPaging,
  }),
  response: z.object({ products: z.array(adminProductRow), next_cursor: nextCursor }),
});

export const adminProductOptions = defineAdminEndpoint({
  path: '/admin/products/options',
  permission: 'catalogue',
  summary: 'The categories and the types, benefits and tags a product can carry, in menu order; the low-stock default',
  request: z.object({}),
  response: z.object({
    categories: z.array(z.object({ id: z.number().int(), slug: z.string(), name_en: z.string(), name_zh: z.string() })),
    tags: z.array(
      z.object({
        id: z.number().int(),
        kind: z.enum(TAG_KINDS),
        slug: z.string(),
        name_en: z.string(),
        name_zh: z.string(),
      }),
    ),
    low_stock_default: z.number().int(),
  }),
});

export const adminProductGet = defineAdminEndpoint({
  path: '/admin/products/get',
  permission: 'catalogue',
  summary: 'One product as its form edits it, with every packaging (retired ones too)',
  request: z.object({ product_id: id() }),
  response: productAnswer,
});

export const adminProductCreate = defineAdminEndpoint({
  path: '/admin/products/create',
  permission: 'catalogue',
  summary:
    'Creates a product with its packagings (at least one; each may start with stock, written to its stock history); 409 when the slug is taken',
  request: z.object({
    ...productFields,
    packagings: json(
      z
        .array(newPackaging)
        .min(1, { error: 'must list at least one packaging' })
        .max(PRODUCT_LIMITS.packagings, { error: `must list at most ${PRODUCT_LIMITS.packagings}` }),
    ),
  }),
  response: productAnswer,
});

export const adminProductUpdate = defineAdminEndpoint({
  path: '/admin/products/update',
  permission: 'catalogue',
  summary: 'Saves a product’s form (not its packagings or stock); 409 when the slug is taken',
  request: z.object({ product_id: id(), ...productFields }),
  response: productAnswer,
});

export const adminProductDelete = defineAdminEndpoint({
  path: '/admin/products/delete',
  permission: 'catalogue',
  summary: 'Deletes a product no order or subscription names; 409 otherwise (hide it instead)',
  request: z.object({ product_id: id() }),
  response: z.object({ deleted: z.literal(true) }),
});

export const adminPackagingAdd = defineAdminEndpoint({
  path: '/admin/products/packagings/add',
  permission: 'catalogue',
  summary: 'Adds a packaging at the end, with its initial stock (written to the stock history as new stock)',
  request: z.object({
    product_id: id(),
    ...packagingFields,
    stock: optional(initialStock()),
  }),
  response: productAnswer,
});

export const adminPackagingUpdate = defineAdminEndpoint({
  path: '/admin/products/packagings/update',
  permission: 'catalogue',
  summary: 'Changes a packaging’s names and prices (its stock changes only by Adjust stock)',
  request: z.object({
    packaging_id: id(),
    ...packagingFields,
  }),
  response: productAnswer,
});

export const adminPackagingReorder = defineAdminEndpoint({
  path: '/admin/products/packagings/reorder',
  permission: 'catalogue',
  summary: 'Puts the product’s packagings on sale in this order (every one of them, once)',
  request: z.object({ product_id: id(), packaging_ids: json(z.array(id()).min(1, { error: 'must not be empty' })) }),
  response: productAnswer,
});

export const adminPackagingRetire = defineAdminEndpoint({
  path: '/admin/products/packagings/retire',
  permission: 'catalogue',
  summary:
    'Retires a packaging: never shown or sold again, its remaining stock taken out (stock history); 409 for the last one on sale',
  request: z.object({ packaging_id: id() }),
  response: productAnswer,
});

/** The uploaded image: a Blob from the browser, the file's bytes on the server. */
const imageFile = z.custom<Blob | Uint8Array>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  { error: 'must be an image file' },
);

export const adminImageUpload = defineAdminEndpoint({
  path: '/admin/products/images/upload',
  permission: 'catalogue',
  summary:
    'Stores an image (PNG, JPEG, WebP, GIF, AVIF, TIFF; at most MAX_UPLOAD_BYTES) as WebP in the shop’s widths; answers its URL for the product form',
  multipart: true,
  request: z.object({ image: imageFile }),
  response: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
