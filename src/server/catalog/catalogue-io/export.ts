import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { productState } from '../../../common/catalogue-rules';
import { centsToDecimal } from '../../../common/money';
import type { Db } from '../../db/connection';
import { formulaSafe } from '../../lib/csv';
import { CATALOGUE_CSV_COLUMNS, type CsvColumn, yesNo } from './format';
import * as repo from './repository';

// The catalogue's CSV export (docs/decisions/015; the format: format.ts): what the import reads back.

/** Products read per query while exporting. */
export const EXPORT_BATCH = 500;

/** The export's file name: catalogue-YYYY-MM-DD.csv (today, UTC). */
export const exportFileName = (now = new Date()) => `catalogue-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The whole catalogue (hidden products and retired packagings too) as the import reads it, `EXPORT_BATCH`
 * products at a time (never the whole catalogue in memory): UTF-8 with a BOM, formula-safe text cells, the
 * product's columns on its first row.
 */
export function exportCatalogueCsv(db: Db): Readable {
  async function* rows(): AsyncGenerator<string[]> {
    let after = 0;
    for (;;) {
      const products = await repo.productPage(db, after, EXPORT_BATCH);
      if (!products.length) return;
      const ids = products.map((p) => p.id);
      const packagings = await repo.packagingsOf(db, ids);
      const links = await repo.linksOf(db, ids);
      const byProduct = new Map<number, typeof packagings>();
      for (const v of packagings) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
      for (const p of products) {
        const own = [...(byProduct.get(p.id) ?? [])].sort((a, b) => a.is_retired - b.is_retired);
        const product: Record<string, string> = {
          name_en: p.name_en,
          name_zh: p.name_zh,
          description_en: p.description_en,
          description_zh: p.description_zh,
          state: productState(p),
          categories: (links.categories.get(p.id) ?? []).join('|'),
          tags: (links.tags.get(p.id) ?? []).join('|'),
          available_ph: yesNo(p.available_ph),
          available_cn: yesNo(p.available_cn),
          subscribable: yesNo(p.subscribable),
          low_stock_threshold: p.low_stock_threshold === null ? '' : String(p.low_stock_threshold),
        };
        for (const [i, v] of own.entries()) {
          const cells: Record<CsvColumn, string> = {
            product_slug: p.slug,
            ...(i === 0 ? product : {}),
            packaging_id: String(v.id),
            packaging_en: v.name_en,
            packaging_zh: v.name_zh,
            price: centsToDecimal(v.price_cents),
            discount_price: v.discount_price_cents === null ? '' : centsToDecimal(v.discount_price_cents),
            stock_at_export: String(v.stock),
            stock_change: '',
            stock_count: String(v.stock),
            retired: yesNo(v.is_retired),
          } as Record<CsvColumn, string>;
          yield CATALOGUE_CSV_COLUMNS.map((c) => formulaSafe(cells[c] ?? ''));
        }
      }
      if (products.length < EXPORT_BATCH) return;
      after = products[products.length - 1]!.id;
    }
  }
  const source = Readable.from(rows());
  const csv = stringify({ bom: true, header: true, columns: [...CATALOGUE_CSV_COLUMNS], record_delimiter: 'windows' });
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
