import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connection';
import type { ProductsTable, ProductVariantsTable } from '../db/schema';
import * as admin from './admin-repository';
import { packagingsOf, productsBySlug, type StoredProduct } from './catalogue-io/repository';

/**
 * The catalogue's rows as the operator's JSON catalogue import (operator/catalogue.ts) and the demo seed read, lock and
 * write them, one named step each (docs/decisions/038: the SQL stays in the catalogue's repositories). Each takes the
 * caller's transaction; stock never moves here (the stock core: stock/service.ts).
 */

export type { SlugIds } from './admin-repository';

/** The ids of categories and tags by slug (the imports, the seed). */
export const catalogueSlugIds = (db: Db): Promise<admin.SlugIds> => admin.slugIds(db);

/**
 * The products of these slugs that exist, locked with their packagings in the shop's lock order (packagings in
 * ascending id, then the products: like placing an order, so an import never deadlocks with one).
 */
export async function lockProductsBySlug(db: Db, slugs: readonly string[]): Promise<StoredProduct[]> {
  const known = await productsBySlug(db, slugs);
  const ids = known.map((e) => e.id).sort((a, b) => a - b);
  await packagingsOf(db, ids, { lock: true });
  await admin.lockProducts(db, ids);
  return known;
}

/** The product of this slug, or undefined. */
export const productBySlug = async (db: Db, slug: string): Promise<StoredProduct | undefined> =>
  (await productsBySlug(db, [slug]))[0];

/** Writes a product's columns (never its stock total: the stock core keeps it). */
export const writeProduct = (db: Db, productId: number, values: Updateable<ProductsTable>): Promise<void> =>
  admin.updateProduct(db, productId, values);

/** Adds a packaging with no stock (its first stock comes in through the stock core); answers its id. */
export const addPackaging = (
  db: Db,
  values: Omit<Insertable<ProductVariantsTable>, 'stock' | 'is_retired'>,
): Promise<number> => admin.insertPackaging(db, values);

/** Writes a packaging's names, prices, order or retirement; never its stock. */
export const writePackaging = (db: Db, packagingId: number, values: Parameters<typeof admin.updatePackaging>[2]) =>
  admin.updatePackaging(db, packagingId, values);

/**
 * A product written again from a catalogue entry: its list price from its packagings on sale, and its images,
 * categories and tags removed for the caller to link again.
 */
export async function relistProduct(db: Db, productId: number): Promise<void> {
  await admin.refreshListPrice(db, productId);
  await admin.unlinkProduct(db, productId);
}
