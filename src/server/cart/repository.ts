import type { Db } from '../db/connection';

// The cart's SQL: the packagings (table product_variants) a cart names, with their products.

/** The packagings of a cart with their products, in packaging id order. */
export async function findPackagings(db: Db, packagingIds: number[]) {
  if (!packagingIds.length) return [];
  return db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'product_variants.id as variant_id',
      'product_variants.product_id',
      'product_variants.name_en as variant_name_en',
      'product_variants.name_zh as variant_name_zh',
      'product_variants.price_cents',
      'product_variants.discount_price_cents',
      'product_variants.stock',
      'product_variants.is_retired',
      'products.name_en',
      'products.name_zh',
      'products.image',
      'products.is_active',
      'products.stock_state',
      'products.subscribable',
      'products.available_ph',
      'products.available_cn',
      'products.low_stock_threshold',
    ])
    .where('product_variants.id', 'in', packagingIds)
    .orderBy('product_variants.id')
    .execute();
}

export type PackagingRow = Awaited<ReturnType<typeof findPackagings>>[number];

// The saved cart (docs/decisions/052): `carts` (one row per customer) and `cart_lines`.

/** The saved cart's lines, in the order they were added. */
export function findCartLines(db: Db, userId: number) {
  return db
    .selectFrom('cart_lines')
    .select(['product_id', 'variant_id', 'frequency_weeks', 'quantity', 'position'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
}

export type CartLineRow = Awaited<ReturnType<typeof findCartLines>>[number];

export async function findCart(db: Db, userId: number) {
  return db.selectFrom('carts').select(['updated_at', 'merge_key']).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Creates the customer's cart row or marks it changed at `at`, and answers its merge key as it was. On PostgreSQL the
 * upsert holds the row's lock to the end of the transaction: one customer's saves and merges run one after another,
 * so each reads the lines the one before wrote (SQLite runs one write transaction at a time anyway).
 */
export async function touchCart(db: Db, userId: number, at: string): Promise<{ merge_key: string | null }> {
  return db
    .insertInto('carts')
    .values({ user_id: userId, updated_at: at, merge_key: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: at }))
    .returning('merge_key')
    .executeTakeFirstOrThrow();
}

export async function setMergeKey(db: Db, userId: number, mergeKey: string): Promise<void> {
  await db.updateTable('carts').set({ merge_key: mergeKey }).where('user_id', '=', userId).execute();
}

/** Writes one line: inserted at the end of the cart, or its quantity changed in place. */
export async function upsertCartLine(
  db: Db,
  userId: number,
  line: { product_id: number; variant_id: number; frequency_weeks: number; quantity: number; position: number },
  at: string,
): Promise<void> {
  await db
    .insertInto('cart_lines')
    .values({ user_id: userId, ...line, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'variant_id', 'frequency_weeks']).doUpdateSet({ quantity: line.quantity, updated_at: at }),
    )
    .execute();
}

export async function deleteCartLine(
  db: Db,
  userId: number,
  line: { variant_id: number; frequency_weeks: number },
): Promise<void> {
  await db
    .deleteFrom('cart_lines')
    .where('user_id', '=', userId)
    .where('variant_id', '=', line.variant_id)
    .where('frequency_weeks', '=', line.frequency_weeks)
    .execute();
}

/**
 * Removes an order's lines from the customer's saved cart (inside the order's transaction). The cart row is marked
 * changed first, so the locks come in the order saves take them (cart row, then lines); a cart not yet made has no
 * row to wait for.
 */
export async function removeOrderedLines(
  db: Db,
  userId: number,
  lines: ReadonlyArray<{ variant_id: number; frequency_weeks: number }>,
  at: string,
): Promise<number> {
  // An order taken from the cart ends the cart its reminder was about (docs/decisions/056): the next one may be reminded.
  const touched = await db
    .updateTable('carts')
    .set({ updated_at: at, reminded_at: null })
    .where('user_id', '=', userId)
    .execute();
  if (!lines.length || Number(touched[0]?.numUpdatedRows ?? 0) === 0) return 0;
  const result = await db
    .deleteFrom('cart_lines')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or(
        lines.map((l) => eb.and([eb('variant_id', '=', l.variant_id), eb('frequency_weeks', '=', l.frequency_weeks)])),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Carts with at least one line whose last change is before `before` (ISO-8601 UTC), oldest first: what an
 * abandoned-cart reminder reads (carts_updated_at_idx).
 */
export function findIdleCarts(db: Db, before: string, limit = 100) {
  return db
    .selectFrom('carts')
    .select(['carts.user_id', 'carts.updated_at'])
    .where('carts.updated_at', '<', before)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('cart_lines').select('cart_lines.user_id').whereRef('cart_lines.user_id', '=', 'carts.user_id'),
      ),
    )
    .orderBy('carts.updated_at')
    .limit(limit)
    .execute();
}

// Abandoned-cart reminders (docs/decisions/056): `carts.reminded_at` marks the cart as reminded.

/**
 * Carts with lines, not reminded, whose last change is in [since, before), oldest first, after `after` (keyset on
 * updated_at, user_id): the carts a reminder may be due for (carts_updated_at_idx).
 */
export function findCartsToRemind(
  db: Db,
  opts: { since: string; before: string; after: { updated_at: string; user_id: number } | null; limit: number },
) {
  const { after } = opts;
  return db
    .selectFrom('carts')
    .select(['carts.user_id', 'carts.updated_at'])
    .where('carts.updated_at', '>=', opts.since)
    .where('carts.updated_at', '<', opts.before)
    .where('carts.reminded_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('cart_lines').select('cart_lines.user_id').whereRef('cart_lines.user_id', '=', 'carts.user_id'),
      ),
    )
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('carts.updated_at', '>', after!.updated_at),
          eb.and([eb('carts.updated_at', '=', after!.updated_at), eb('carts.user_id', '>', after!.user_id)]),
        ]),
      ),
    )
    .orderBy('carts.updated_at')
    .orderBy('carts.user_id')
    .limit(opts.limit)
    .execute();
}

/**
 * Marks the cart reminded at `at`, only if it is still the cart that was read (unchanged since `updatedAt`) and not
 * reminded yet: of two rounds at once, one wins. Answers whether this one did.
 */
export async function markCartReminded(db: Db, userId: number, updatedAt: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('carts')
    .set({ reminded_at: at })
    .where('user_id', '=', userId)
    .where('updated_at', '=', updatedAt)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the cart still carries the reminder marked at `remindedAt` and still has lines (not emptied, not ordered). */
export async function cartStillReminded(db: Db, userId: number, remindedAt: string): Promise<boolean> {
  const row = await db
    .selectFrom('carts')
    .select('carts.user_id')
    .where('carts.user_id', '=', userId)
    .where('carts.reminded_at', '=', remindedAt)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('cart_lines').select('cart_lines.user_id').whereRef('cart_lines.user_id', '=', 'carts.user_id'),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** An emptied cart is a finished one: its reminder mark goes, so the next cart may be reminded once. */
export async function clearReminderIfEmpty(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('carts')
    .set({ reminded_at: null })
    .where('user_id', '=', userId)
    .where('reminded_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('cart_lines').select('cart_lines.user_id').whereRef('cart_lines.user_id', '=', 'carts.user_id'),
        ),
      ),
    )
    .execute();
}
