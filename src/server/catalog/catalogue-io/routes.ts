import type { FastifyInstance } from 'fastify';
import { adminCatalogueExport, adminCatalogueImport } from '../../../common/contract/admin/catalogue-io';
import { fileRoute, route } from '../../lib/endpoint';
import { unprocessable } from '../../lib/errors';
import { answerOversizedUploads } from '../../lib/uploads';
import * as csvExport from './export';
import * as service from './service';

/** The back office's catalogue CSV: export (export.ts), and import with its dry run (service.ts). */
export default async function catalogueIoRoutes(app: FastifyInstance) {
  answerOversizedUploads(app, 'file', 'csvImportTooLarge');

  route(app, adminCatalogueImport, async ({ input, staff, lang, say }) => {
    if (!(input.file instanceof Uint8Array))
      throw unprocessable('csvImportFileRequired', {}, [{ field: 'file', key: 'csvImportFileRequired' }]);
    const dryRun = input.dry_run ?? false;
    const report = await service.importCatalogueCsv(
      app.shop,
      staff,
      { bytes: input.file, fileName: input.file_name ?? 'upload.csv', dryRun },
      lang,
    );
    const bad = report.problems_total;
    const s = report.summary;
    if (report.applied)
      say('csvImportApplied', {
        products: s.products_created + s.products_updated,
        packagings: s.packagings_added + s.packagings_updated + s.packagings_retired,
        stock: s.stock_changes,
      });
    else say(dryRun ? 'csvImportChecked' : 'csvImportRefused', { bad });
    return report;
  });

  fileRoute(app, adminCatalogueExport, async () => ({
    contentType: 'text/csv; charset=utf-8',
    filename: csvExport.exportFileName(),
    body: csvExport.exportCatalogueCsv(app.db),
  }));
}
