import { z } from 'zod';
import { CLI_ACTOR } from '../audit/actor';
import { recordAudit } from '../audit/service';
import { catalogChanged } from '../catalog/list-cache';
import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';
import { insertProducts, linkProduct, packagingFields, productFields, slugIds } from '../seed/index';
import type { SeedProduct } from '../seed/types';
import {
  deletePackaging,
  findProductBySlug,
  insertPackaging,
  isPackagingReferenced,
  productPackagings,
  retirePackaging,
  unlinkProduct,
  updatePackaging,
  updateProduct,
} from './repository';

/**
 * Catalogue import for the operator: products in the seed's SeedProduct shape (src/server/seed/types.ts),
 * upserted by slug in one transaction. A new slug is inserted like the seed does (with its reviews); an
 * existing one has its fields, images, categories and tags replaced and its packagings matched by English
 * name (updated, added; a dropped packaging is deleted, or kept with no stock when orders refer to it).
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

export async function importCatalogue(db: Db, products: SeedProduct[]): Promise<{ created: number; updated: number }> {
  const counts = await db.transaction().execute(async (trx) => {
    const ids = await slugIds(trx);
    for (const p of products) {
      const unknownCategory = p.categories.find((s) => !ids.categories.has(s));
      if (unknownCategory) throw new CatalogueError(`${p.slug}: unknown category "${unknownCategory}"`);
      const unknownTag = p.tags.find((s) => !ids.tags.has(s));
      if (unknownTag) throw new CatalogueError(`${p.slug}: unknown tag "${unknownTag}"`);
    }
    const now = nowIso();
    let created = 0;
    let updated = 0;
    const createdSlugs: string[] = [];
    const updatedSlugs: string[] = [];
    for (const p of products) {
      const existing = await findProductBySlug(trx, p.slug);
      if (!existing) {
        await insertProducts(trx, [p], now);
        created++;
        createdSlugs.push(p.slug);
        continue;
      }
      const productId = existing.id;
      // Packagings first (the order placing code locks packagings before products).
      const current = await productPackagings(trx, productId);
      const kept = new Set<number>();
      for (const [i, v] of p.variants.entries()) {
        const match = current.find((c) => c.name_en === v.name.en && !kept.has(c.id));
        const values = packagingFields(v, i);
        if (match) {
          kept.add(match.id);
          await updatePackaging(trx, match.id, values);
        } else {
          kept.add(await insertPackaging(trx, { ...values, product_id: productId }));
        }
      }
      for (const old of current.filter((c) => !kept.has(c.id))) {
        if (await isPackagingReferenced(trx, old.id)) {
          await retirePackaging(trx, old.id);
        } else {
          await deletePackaging(trx, old.id);
        }
      }
      await updateProduct(trx, productId, { ...productFields(p), is_active: 1, updated_at: now });
      await unlinkProduct(trx, productId);
      await linkProduct(trx, productId, p, existing.created_at, ids);
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
    return { created, updated };
  });
  catalogChanged(db);
  return counts;
}
