import { z } from 'zod';
import { CLI_ACTOR } from '../audit/actor';
import { recordAudit } from '../audit/service';
import {
  addPackaging,
  catalogueSlugIds,
  lockProductsBySlug,
  productBySlug,
  relistProduct,
  writePackaging,
  writeProduct,
} from '../catalog/upsert-service';
import { withRetry } from '../db/errors';
import { nowIso } from '../lib/time';
import { insertProducts, linkProduct, packagingFields, productFields } from '../seed/index';
import type { SeedProduct } from '../seed/types';
import { inTransaction, type Shop } from '../shop';
import { changeStock, deleteUnusedPackaging } from '../stock/service';
import { tellStockAlerts } from '../stock-alerts/tell';
import { isPackagingReferenced, productPackagings } from './repository';

/**
 * Catalogue import for the operator: products in the seed's SeedProduct shape (src/server/seed/types.ts),
 * upserted by slug in one transaction. A new slug is inserted like the seed does (with its reviews); an
 * existing one has its fields, images, categories and tags replaced and its packagings matched by English
 * name (updated, added; a dropped packaging is deleted, or retired when orders refer to it). Stock only ever
 * moves by changes through the stock core (see importCatalogue).
 */

const localized = z.object({ en: z.string().trim().min(1), zh: z.string().trim().min(1) });

const seedPackaging = z
  .object({
    name: localized,
    priceCents: z.number().int().nonnegative(),
    discountPriceCents: z.number().int().nonnegative().optional(),
    stock: z.number().int().nonnegative(),
  })
  .refine((v) => v.discountPriceCents === undefined || v.discountPriceCents < v.priceCents, {
    error: 'discountPriceCents must be below priceCents',
  });

const seedProduct = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'must be lower-case letters, digits and dashes' }),
  name: localized,
  description: localized,
  categories: z.array(z.string()),
  tags: z.array(z.string()).default([]),
  variants: z.array(seedPackaging).min(1, { error: 'needs at least one packaging' }),
  stockState: z.enum(['in_stock', 'out_of_stock', 'ready_stock', 'coming_soon']),
  availability: z.object({ ph: z.boolean(), cn: z.boolean() }),
  image: z.string().min(1),
  gallery: z.array(z.string()).default([]),
  subscribable: z.boolean(),
  addedDaysAgo: z.number().int().nonnegative().default(0),
  reviews: z
    .array(
      z.object({
        rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
        title: z.string().min(1),
        description: z.string().min(1),
        nickname: z.string().min(1),
        daysAgo: z.number().int().nonnegative(),
      }),
    )
    .default([]),
});

const catalogueFile = z.union([z.array(seedProduct), z.object({ products: z.array(seedProduct) })]);

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/** Reads and checks a catalogue file's JSON; every problem is listed with where it is. */
export function parseCatalogue(json: unknown): SeedProduct[] {
  const result = catalogueFile.safeParse(json);
  if (!result.success) {
    const lines = result.error.issues.slice(0, 20).map((i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new CatalogueError(`The catalogue file is not valid:\n${lines.join('\n')}`);
  }
  const products = Array.isArray(result.data) ? result.data : result.data.products;
  const slugs = new Set<string>();
  for (const p of products) {
    if (slugs.has(p.slug)) throw new CatalogueError(`The catalogue file lists the slug "${p.slug}" twice`);
    slugs.add(p.slug);
  }
  return products as SeedProduct[];
}

/**
 * Upserts the products, in one transaction. Stock is never overwritten (an order placed meanwhile would be undone):
 * a new packaging's `stock` is its first stock, added through the stock core (a `new` history row); an existing
 * packaging's `stock` is ignored, and each one that differs from the shop's is answered as a note (change stock with
 * `adjust-stock` or `import-csv`'s stock_change). A dropped packaging that orders name is retired (its stock taken
 * out through the stock core first), else deleted. Lock order: the existing products' packagings (ascending id),
 * then those products (ascending id), like placing an order; a deadlock or serialization failure runs it again.
 */
export async function importCatalogue(
  shop: Shop,
  products: SeedProduct[],
): Promise<{ created: number; updated: number; notes: string[] }> {
  const counts = await withRetry(() =>
    inTransaction(shop, async (tx) => {
      const trx = tx.db;
      const ids = await catalogueSlugIds(trx);
      for (const p of products) {
        const unknownCategory = p.categories.find((s) => !ids.categories.has(s));
        if (unknownCategory) throw new CatalogueError(`${p.slug}: unknown category "${unknownCategory}"`);
        const unknownTag = p.tags.find((s) => !ids.tags.has(s));
        if (unknownTag) throw new CatalogueError(`${p.slug}: unknown tag "${unknownTag}"`);
      }
      const now = nowIso();
      const cause = (source: 'new' | 'import') => ({ source, reason: 'import-catalogue', now });
      const known = await lockProductsBySlug(
        trx,
        products.map((p) => p.slug),
      );
      const existing = new Map(known.map((e) => [e.slug, e]));

      /** Adds a new packaging's first stock through the stock core. */
      const firstStock = async (packagingId: number, units: number) => {
        if (units > 0) await changeStock(tx, packagingId, units, cause('new'));
      };
      let created = 0;
      let updated = 0;
      const notes: string[] = [];
      const createdSlugs: string[] = [];
      const updatedSlugs: string[] = [];
      for (const p of products) {
        const found = existing.get(p.slug);
        if (!found) {
          // Inserted with no stock, like the seed otherwise; each packaging's stock then comes in as a change.
          await insertProducts(trx, [{ ...p, variants: p.variants.map((v) => ({ ...v, stock: 0 })) }], now);
          const row = await productBySlug(trx, p.slug);
          const packagings = await productPackagings(trx, row!.id);
          for (const [i, v] of p.variants.entries()) await firstStock(packagings[i]!.id, v.stock);
          created++;
          createdSlugs.push(p.slug);
          continue;
        }
        const productId = found.id;
        const current = await productPackagings(trx, productId);
        const kept = new Set<number>();
        for (const [i, v] of p.variants.entries()) {
          const match = current.find((c) => c.name_en === v.name.en && !kept.has(c.id));
          const { stock, ...values } = packagingFields(v, i);
          if (match) {
            kept.add(match.id);
            await writePackaging(trx, match.id, values);
            if (stock !== match.stock)
              notes.push(`${p.slug} (${v.name.en}): stock not changed (file ${stock}, shop ${match.stock})`);
          } else {
            const id = await addPackaging(trx, { ...values, product_id: productId });
            kept.add(id);
            await firstStock(id, stock);
          }
        }
        for (const old of current.filter((c) => !kept.has(c.id))) {
          if (await isPackagingReferenced(trx, old.id)) {
            // Its stock out first (while on sale it leaves the product's total), then retired.
            if (old.stock > 0 && !(await changeStock(tx, old.id, -old.stock, cause('import'))))
              throw new CatalogueError(`${p.slug} (${old.name_en}): its stock changed meanwhile; run it again`);
            await writePackaging(trx, old.id, { is_retired: 1 });
          } else {
            // Never stocked through the history nor ordered: it goes (the stock core keeps the product's total).
            await deleteUnusedPackaging(trx, old.id);
          }
        }
        // The product's columns but its stock total, which the stock core keeps.
        const { stock_total: _total, ...fields } = productFields(p);
        await writeProduct(trx, productId, { ...fields, is_active: 1, updated_at: now });
        // Its state from the file ("Coming soon" → on sale) with units: customers waiting for it are told (018).
        await tellStockAlerts(tx, [productId], now);
        await relistProduct(trx, productId);
        await linkProduct(trx, productId, p, found.created_at, ids);
        updated++;
        updatedSlugs.push(p.slug);
      }
      // Part 2 audits each field; the import is audited as one change naming the products it wrote.
      await recordAudit(
        trx,
        CLI_ACTOR,
        { action: 'catalogue.import', entity: 'product', after: { created: createdSlugs, updated: updatedSlugs } },
        now,
      );
      return { created, updated, notes };
    }),
  );
  await shop.catalog.changed();
  return counts;
}
