import { sql } from 'kysely';
import type { Db } from '../../../../src/server/db/connection';

/**
 * The stock core's invariant (docs/decisions/015): every product's list-card total is exactly the sum of the stock of
 * its packagings on sale (retired ones never count). Answers the products where it does not hold (expect `[]`).
 */
export async function stockTotalDrift(db: Db) {
  const rows = await db
    .selectFrom('products as p')
    .select([
      'p.slug',
      'p.stock_total',
      sql<number>`(select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = p.id and v.is_retired = 0)`.as(
        'on_sale',
      ),
    ])
    .execute();
  return rows
    .map((r) => ({ slug: r.slug, stock_total: r.stock_total, on_sale: Number(r.on_sale) }))
    .filter((r) => r.stock_total !== r.on_sale);
}
