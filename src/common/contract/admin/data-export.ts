import { z } from 'zod';
import { dataExport } from '../data-export';
import { defineAdminEndpoint } from '../endpoint';
import { id } from '../fields';

/**
 * A copy of a customer's data made by the owner in the back office (docs/decisions/051): permission
 * `customers.export` (owner only), audited; the owner downloads it there, with their session.
 */

/** The latest copy the staff made of this customer's data (null: none). */
export const adminDataExportGet = defineAdminEndpoint({
  path: '/admin/customers/data-export',
  permission: 'customers.export',
  summary: "The latest copy of a customer's data made in the back office",
  request: z.object({ id: id() }),
  response: z.object({ export: dataExport.nullable() }),
});

/** Asks for a copy of a customer's data (audited); while one is being prepared that one is answered. */
export const adminDataExportRequest = defineAdminEndpoint({
  path: '/admin/customers/data-export/request',
  permission: 'customers.export',
  summary: "Make a copy of a customer's data",
  request: z.object({ id: id() }),
  response: z.object({ export: dataExport }),
});

/** The ready copy as a ZIP file (404 when none is ready, 410 when it has expired). */
export const adminDataExportDownload = defineAdminEndpoint({
  path: '/admin/customers/data-export/download',
  permission: 'customers.export',
  summary: "Download a ready copy of a customer's data (a ZIP file)",
  request: z.object({ id: id(), export_id: id() }),
  bare: true,
  response: z.string().meta({
    description: 'application/zip (attachment leafcup-data-<customer id>-YYYY-MM-DD.zip)',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  }),
});
