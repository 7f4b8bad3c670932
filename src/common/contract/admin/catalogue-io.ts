import { z } from 'zod';
import { defineAdminEndpoint } from '../endpoint';
import { flag, optional, optionalText } from '../fields';

/**
 * The back office's catalogue import and export (docs/decisions/015): the whole catalogue as a CSV (one row per
 * packaging; the columns and rules: src/server/catalog/catalogue-io/format.ts and the README), and a CSV read back,
 * checked first (`dry_run`) and then applied in one transaction, nothing written if any row is bad. Permission
 * `catalogue`.
 */

/** The uploaded CSV: a Blob from the browser, the file's bytes on the server (at most MAX_UPLOAD_BYTES). */
const csvFile = z.custom<Blob | Uint8Array>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  { error: 'must be a CSV file' },
);

const summary = z.object({
  rows: z.number().int(),
  products_created: z.number().int(),
  products_updated: z.number().int(),
  packagings_added: z.number().int(),
  packagings_updated: z.number().int(),
  packagings_retired: z.number().int(),
  stock_changes: z.number().int(),
  units_added: z.number().int(),
  units_removed: z.number().int(),
});

/** One thing a row changes, field by field (before is null for what the import creates). */
const change = z.object({
  line: z.number().int(),
  action: z.enum(['product_create', 'product_update', 'packaging_add', 'packaging_update', 'packaging_retire']),
  product_slug: z.string(),
  packaging: z.string().nullable(),
  packaging_id: z.number().int().nullable(),
  fields: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
});

/** A bad row: its line as a spreadsheet numbers it (the header is line 1), the column at fault and why. */
const problem = z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() });

export const catalogueImportReport = z.object({
  file_name: z.string(),
  dry_run: z.boolean(),
  /** Whether it was written: false for a dry run, and for a file with any bad row (then nothing was written). */
  applied: z.boolean(),
  summary,
  /** The first 1000 changes, in the file's order (`changes_total`: all of them). */
  changes: z.array(change),
  changes_total: z.number().int(),
  /** The first 1000 bad rows, by line (`problems_total`: all of them). */
  problems: z.array(problem),
  problems_total: z.number().int(),
  /** How long the server took to check (and write) it, in milliseconds. */
  took_ms: z.number().int(),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReport>;
export type CatalogueImportChange = z.infer<typeof change>;

export const adminCatalogueImport = defineAdminEndpoint({
  path: '/admin/catalogue/import',
  permission: 'catalogue',
  summary:
    'Checks (dry_run=1) or imports a catalogue CSV: every bad row with its line and reason; nothing is written if any row is bad; stock only by changes',
  multipart: true,
  request: z.object({ file: csvFile, file_name: optionalText(200), dry_run: optional(flag()) }),
  response: catalogueImportReport,
});

export const adminCatalogueExport = defineAdminEndpoint({
  path: '/admin/catalogue/export',
  permission: 'catalogue',
  summary:
    'The whole catalogue as a CSV file (UTF-8 with BOM, one row per packaging, the format the import reads); errors answer the usual JSON envelope',
  request: z.object({}),
  bare: true,
  response: z.string().meta({
    description: 'text/csv; charset=utf-8 (attachment catalogue-YYYY-MM-DD.csv)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  }),
});
