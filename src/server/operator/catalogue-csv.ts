import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { formatAnyMessage } from '../../common/i18n/admin-messages';
import { CLI_ACTOR } from '../audit/actor';
import { exportCatalogueCsv, exportFileName } from '../catalog/catalogue-io/export';
import { importCatalogueCsv } from '../catalog/catalogue-io/service';
import type { Db } from '../db/connection';
import { AppError } from '../lib/errors';
import type { Shop } from '../shop';
import { OperatorError } from './service';

/**
 * The command line's catalogue CSV (`import-csv`, `export-csv`): the back office's import and export (the format:
 * src/server/catalog/catalogue-io/format.ts), printing the same summary, changes and bad rows.
 */

/** Checks (`dryRun`) or imports a CSV file; a file with any bad row is refused (exit 1) after listing them all. */
export async function importCsvFile(shop: Shop, path: string, dryRun: boolean, print: (line: string) => void) {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw new OperatorError(`Cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  let report: Awaited<ReturnType<typeof importCatalogueCsv>>;
  try {
    report = await importCatalogueCsv(shop, CLI_ACTOR, { bytes, fileName: basename(path), dryRun }, 'en');
  } catch (err) {
    if (err instanceof AppError) throw new OperatorError(formatAnyMessage('en', err.key, err.params));
    throw err;
  }
  const s = report.summary;
  print(
    `${s.rows} rows: ${s.products_created} products to create, ${s.products_updated} to update; ` +
      `${s.packagings_added} packagings to add, ${s.packagings_updated} to update, ${s.packagings_retired} to retire; ` +
      `${s.stock_changes} stock changes (+${s.units_added} / -${s.units_removed} units).`,
  );
  for (const c of report.changes) {
    const what = c.packaging ? `${c.product_slug} / ${c.packaging}` : c.product_slug;
    const fields = c.fields.map((f) => `${f.field}: ${f.before ?? '—'} → ${f.after ?? '—'}`).join('; ');
    print(`  line ${c.line}  ${c.action.replace('_', ' ')}  ${what}  ${fields}`);
  }
  if (report.changes_total > report.changes.length)
    print(`  … and ${report.changes_total - report.changes.length} more changes`);
  for (const p of report.problems) print(`  line ${p.line}${p.column ? ` (${p.column})` : ''}: ${p.message}`);
  if (report.problems_total > report.problems.length)
    print(`  … and ${report.problems_total - report.problems.length} more bad rows`);
  if (report.problems_total) throw new OperatorError(`Nothing was imported: ${report.problems_total} bad rows.`);
  print(dryRun ? 'Dry run: nothing was written.' : `Imported ${basename(path)} in ${report.took_ms} ms.`);
}

/** Writes the whole catalogue to `path` (default: catalogue-YYYY-MM-DD.csv here). */
export async function exportCsvFile(db: Db, path: string | undefined, print: (line: string) => void) {
  const target = path ?? exportFileName();
  await pipeline(exportCatalogueCsv(db), createWriteStream(target));
  print(`Exported the catalogue to ${target}.`);
}
