import type { Lang } from '../../../common/contract/lang';
import { formatAnyMessage } from '../../../common/i18n/admin-messages';
import { actorUserId, type StaffActor } from '../../audit/actor';
import { recordAudit } from '../../audit/service';
import type { Db } from '../../db/connection';
import { isUniqueViolation, withRetry } from '../../db/errors';
import { unprocessable } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { enqueueLowStockAlerts } from '../../notifications/staff-alerts';
import { shopSettings } from '../../settings/service';
import { inTransaction, type MailTx, type Shop } from '../../shop';
import { changeStocks, packagingWithStock, type StockChange } from '../../stock/service';
import { tellStockAlerts } from '../../stock-alerts/tell';
import * as admin from '../admin-repository';
import { type CsvColumn, type CsvRow, readCatalogueCsv } from './format';
import { type Change, type Plan, type Problem, planImport, type Snapshot, type Summary } from './plan';
import * as repo from './repository';

/**
 * The catalogue's CSV import (docs/decisions/015; the format: format.ts; the export: export.ts). A dry run checks a
 * file against the catalogue and answers what would change and every bad row; applying it does the same checks
 * again inside one transaction (the packagings it names locked) and writes nothing at all if any row is bad. Product
 * and packaging fields go through the back office's writes (admin-repository.ts), stock only by changes through the
 * stock core (stock/repository.ts: a conditional update and a history row each, naming the file and who imported
 * it), and the import itself is one `catalogue.import` audit entry with its counts, file name, the slugs of the
 * products it created and updated and the ids of the packagings it changed (the first AUDIT_LISTED of each).
 */

/** How many changes and bad rows an answer lists (their totals are always given). */
export const LISTED_MAX = 1000;

/** How many slugs and packaging ids of each kind the import's audit entry lists (`<kind>_more`: the rest). */
export const AUDIT_LISTED = 200;

export interface ImportReport {
  file_name: string;
  dry_run: boolean;
  applied: boolean;
  summary: Summary;
  changes: Change[];
  changes_total: number;
  problems: Array<{ line: number; column: CsvColumn | null; message: string }>;
  problems_total: number;
  took_ms: number;
}

/** Reads what the plan needs for these rows (in `trx`, with `lock`: the packagings locked first). */
async function loadSnapshot(db: Db, rows: readonly CsvRow[], lock: boolean): Promise<Snapshot> {
  const slugs = [...new Set(rows.map((r) => r.cells.product_slug).filter(Boolean))];
  const products = await repo.productsBySlug(db, slugs);
  const ids = products.map((p) => p.id);
  const packagings = await repo.packagingsOf(db, ids, { lock });
  const byProduct = new Map<number, typeof packagings>();
  for (const p of packagings) byProduct.set(p.product_id, [...(byProduct.get(p.product_id) ?? []), p]);
  const known = new Set(packagings.map((p) => p.id));
  const stray = [
    ...new Set(
      rows
        .map((r) => Number(r.cells.packaging_id))
        .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 && !known.has(id)),
    ),
  ];
  const owners = await repo.packagingOwners(db, stray);
  const links = await repo.linksOf(db, ids);
  const ids2 = await admin.slugIds(db);
  return {
    products: new Map(products.map((p) => [p.slug, p])),
    packagings: byProduct,
    strayOwners: new Map(owners.map((o) => [o.id, o.slug])),
    categories: links.categories,
    tags: links.tags,
    categoryIds: ids2.categories,
    tagIds: ids2.tags,
  };
}

/** Raised inside the apply's transaction to roll it back when a row is bad. */
class Refused extends Error {
  constructor(readonly plan: Plan) {
    super('catalogue import refused');
  }
}

/**
 * Checks (`dryRun`) or applies a catalogue CSV. A file that cannot be read as the catalogue's CSV at all (not
 * text, not CSV, a wrong header, no rows) is a 422 naming why; bad rows are listed in the answer, and then nothing
 * is written (`applied: false`).
 */
export async function importCatalogueCsv(
  shop: Shop,
  actor: StaffActor,
  input: { bytes: Uint8Array; fileName: string; dryRun: boolean },
  lang: Lang,
): Promise<ImportReport> {
  const { db } = shop;
  const started = performance.now();
  const read = readCatalogueCsv(input.bytes);
  if (!read.ok) {
    const { key, ...params } = read.problem;
    throw unprocessable(key, params, [{ field: 'file', key }]);
  }
  const ragged: Problem[] = read.ragged.map((r) => ({
    line: r.line,
    column: null,
    key: 'csvRowCells',
    params: { count: r.count, expected: r.expected },
  }));
  const report = (plan: Plan, applied: boolean): ImportReport => {
    const problems = [...ragged, ...plan.problems].sort((a, b) => a.line - b.line);
    return {
      file_name: input.fileName,
      dry_run: input.dryRun,
      applied,
      summary: plan.summary,
      changes: plan.changes.slice(0, LISTED_MAX),
      changes_total: plan.changes.length,
      problems: problems.slice(0, LISTED_MAX).map((p) => ({
        line: p.line,
        column: p.column,
        message: formatAnyMessage(lang, p.key, p.params),
      })),
      problems_total: problems.length,
      took_ms: Math.round(performance.now() - started),
    };
  };
  if (input.dryRun || ragged.length) {
    return report(planImport(read.rows, await loadSnapshot(db, read.rows, false)), false);
  }
  try {
    const plan = await withRetry(() =>
      inTransaction(shop, async (tx) => {
        const trx = tx.db;
        const plan = planImport(read.rows, await loadSnapshot(trx, read.rows, true));
        if (plan.problems.length) throw new Refused(plan);
        await writePlan(tx, actor, plan, input.fileName);
        return plan;
      }),
    );
    await shop.catalog.changed();
    return report(plan, true);
  } catch (err) {
    if (err instanceof Refused) return report(err.plan, false);
    throw err;
  }
}

/** A list for the audit entry: its first AUDIT_LISTED items under `key`, and how many more under `<key>_more`. */
function listed<T>(key: string, items: readonly T[]): Record<string, T[] | number> {
  const more = items.length - AUDIT_LISTED;
  return more > 0 ? { [key]: items.slice(0, AUDIT_LISTED), [`${key}_more`]: more } : { [key]: [...items] };
}

/**
 * Writes a plan with no bad rows, in the apply's transaction. Lock order: the file's existing packagings were locked
 * (ascending id) when the snapshot was read; then packagings are written in ascending id, their stock changed
 * through the stock core (packagings, then products' totals, ascending), and the products written in ascending id.
 */
async function writePlan(tx: MailTx, actor: StaffActor, plan: Plan, fileName: string): Promise<void> {
  const trx = tx.db;
  const now = nowIso();
  const { lowStockDefault } = await shopSettings(trx);
  const reason = `Import ${fileName}`;
  const productIds = await insertNewProducts(trx, plan, now);
  const written = await writePackagings(trx, actor, plan, productIds, { reason, now });
  await changeImportStock(tx, plan, written, lowStockDefault, now);
  await writeProducts(tx, plan, productIds, written.touched, now);
  await auditImport(trx, actor, plan, { fileName, packagingIds: written.packagingIds }, now);
}

/**
 * New products first (new rows: nothing else waits on them), so their packagings have a product. A slug staff
 * created meanwhile (after this transaction read the catalogue) is the row's refusal, like the product form's.
 * Answers every product's id by slug.
 */
async function insertNewProducts(trx: Db, plan: Plan, now: string): Promise<Map<string, number>> {
  const productIds = new Map<string, number>();
  for (const p of plan.products) {
    if (p.existing) {
      productIds.set(p.slug, p.existing.id);
      continue;
    }
    let id: number;
    try {
      id = await admin.insertProduct(trx, {
        slug: p.slug,
        name_en: '',
        name_zh: '',
        description_en: '',
        description_zh: '',
        image: '',
        stock_state: 'in_stock',
        available_ph: 1,
        available_cn: 1,
        subscribable: 0,
        ...p.values,
        price_cents: 0,
        discount_price_cents: null,
        stock_total: 0,
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      if (!isUniqueViolation(err, 'products.slug')) throw err;
      const problem: Problem = {
        line: p.line,
        column: 'product_slug',
        key: 'csvSlugTakenMeanwhile',
        params: { slug: p.slug },
      };
      throw new Refused({ ...plan, problems: [problem] });
    }
    productIds.set(p.slug, id);
  }
  return productIds;
}

/** What writing the packagings leaves to do: their stock changes and retirements, and what they touched. */
interface WrittenPackagings {
  changes: Array<StockChange & { line: number }>;
  retiring: Set<number>;
  packagingIds: number[];
  /** The products whose packagings changed (their list price is worked out again). */
  touched: Set<number>;
}

/**
 * Packagings: the existing ones in ascending id (they are locked already), then the new ones. Retiring marks
 * them only after their stock was taken out (changeImportStock), while they still counted in their product's total.
 */
async function writePackagings(
  trx: Db,
  actor: StaffActor,
  plan: Plan,
  productIds: Map<string, number>,
  { reason, now }: { reason: string; now: string },
): Promise<WrittenPackagings> {
  const ordered = [...plan.packagings].sort((a, b) => (a.existing?.id ?? Infinity) - (b.existing?.id ?? Infinity));
  const written: WrittenPackagings = { changes: [], retiring: new Set(), packagingIds: [], touched: new Set() };
  for (const w of ordered) {
    let packagingId = w.existing?.id;
    const productId = w.productId ?? productIds.get(w.slug)!;
    if (packagingId === undefined) {
      packagingId = await admin.insertPackaging(trx, {
        product_id: productId,
        name_en: w.values.name_en ?? '',
        name_zh: w.values.name_zh ?? '',
        price_cents: w.values.price_cents ?? 0,
        discount_price_cents: w.values.discount_price_cents ?? null,
        sort_order: w.sortOrder,
      });
    } else if (Object.keys(w.values).length) {
      await admin.updatePackaging(trx, packagingId, w.values);
    }
    if (w.retire) written.retiring.add(packagingId);
    if (w.stockDelta !== 0) {
      const source = w.existing ? ('import' as const) : ('new' as const);
      written.changes.push({
        line: w.line,
        packagingId,
        delta: w.stockDelta,
        cause: { source, reason, userId: actorUserId(actor), now },
      });
    }
    written.packagingIds.push(packagingId);
    written.touched.add(productId);
  }
  return written;
}

/**
 * Stock through the stock core, by changes: each a conditional update and a history row (source `import`, or
 * `new` for a new packaging's first stock, with the file's name and who imported it), the products' totals with
 * them. The rows are locked and were checked in this transaction, so a refusal here is only a safety net. Then the
 * retiring packagings are marked, and staff told of low stock.
 */
async function changeImportStock(
  tx: MailTx,
  plan: Plan,
  { changes, retiring }: WrittenPackagings,
  lowStockDefault: number,
  now: string,
): Promise<void> {
  const trx = tx.db;
  const { refused } = await changeStocks(tx, changes, { onSaleOnly: true });
  if (refused !== null) {
    const m = changes.find((c) => c.packagingId === refused)!;
    const left = await packagingWithStock(trx, refused);
    const problem: Problem = left?.is_retired
      ? { line: m.line, column: 'stock_change', key: 'csvRetiredStock' }
      : {
          line: m.line,
          column: 'stock_change',
          key: 'csvStockBelowZero',
          params: { stock: left?.stock ?? 0, change: m.delta },
        };
    throw new Refused({ ...plan, problems: [problem] });
  }
  for (const id of retiring) await admin.updatePackaging(trx, id, { is_retired: 1 });
  // Low stock: what the file took from packagings that stay on sale (a retirement's take-out is no sale).
  const taken = new Map<number, { quantity: number }>();
  for (const m of changes)
    if (m.delta < 0 && !retiring.has(m.packagingId)) taken.set(m.packagingId, { quantity: -m.delta });
  if (taken.size) await enqueueLowStockAlerts(trx, taken, lowStockDefault, now);
}

/** Then the products' own columns and links (ascending id), and the list prices. */
async function writeProducts(
  tx: MailTx,
  plan: Plan,
  productIds: Map<string, number>,
  touched: Set<number>,
  now: string,
): Promise<void> {
  const trx = tx.db;
  const products = plan.products.map((p) => ({ p, id: productIds.get(p.slug)! })).sort((a, b) => a.id - b.id);
  for (const { p, id } of products) {
    if (p.existing && Object.keys(p.values).length)
      await admin.updateProduct(trx, id, { ...p.values, updated_at: now });
    if (p.links) await admin.replaceLinks(trx, id, p.existing?.created_at ?? now, p.links);
    touched.add(id);
  }
  for (const id of [...touched].sort((a, b) => a - b)) await admin.refreshListPrice(trx, id);
  // A product the file put on sale ("Coming soon" → "On sale") with units: customers waiting for it are told (018).
  const stateChanged = products.filter(({ p }) => p.existing && ('is_active' in p.values || 'stock_state' in p.values));
  await tellStockAlerts(
    tx,
    stateChanged.map(({ id }) => id),
    now,
  );
}

/** The import's one `catalogue.import` audit entry: its counts, the file's name, what it created and changed. */
async function auditImport(
  trx: Db,
  actor: StaffActor,
  plan: Plan,
  { fileName, packagingIds }: { fileName: string; packagingIds: number[] },
  now: string,
): Promise<void> {
  const s = plan.summary;
  await recordAudit(
    trx,
    actor,
    {
      action: 'catalogue.import',
      entity: 'catalogue',
      after: {
        file: fileName,
        rows: s.rows,
        products_created: s.products_created,
        products_updated: s.products_updated,
        packagings_added: s.packagings_added,
        packagings_updated: s.packagings_updated,
        packagings_retired: s.packagings_retired,
        stock_changes: s.stock_changes,
        units_added: s.units_added,
        units_removed: s.units_removed,
        ...listed(
          'created',
          plan.products.filter((p) => !p.existing).map((p) => p.slug),
        ),
        ...listed(
          'updated',
          plan.products.filter((p) => p.existing).map((p) => p.slug),
        ),
        ...listed('packaging_ids', packagingIds),
      },
    },
    now,
  );
}
