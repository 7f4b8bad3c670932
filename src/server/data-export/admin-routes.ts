import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/data-export';
import { fileRoute, route } from '../lib/endpoint';
import { AppError } from '../lib/errors';
import { copyFileName } from './download';
import * as service from './service';

/**
 * The owner's copy of a customer's data (docs/decisions/051): permission `customers.export` (owner only, checked
 * before the body is read), audited when asked for, downloaded with the owner's session.
 */
export default async function dataExportAdminRoutes(app: FastifyInstance) {
  const { shop } = app;

  route(app, contract.adminDataExportGet, async ({ input }) => service.staffState(shop, input.id));

  route(app, contract.adminDataExportRequest, async ({ input, staff, say }) => {
    const made = await service.requestByStaff(shop, staff, input.id);
    say('dataExportRequested');
    return made;
  });

  fileRoute(app, contract.adminDataExportDownload, async ({ input }) => {
    const copy = await service.staffCopyFile(shop, input.id, input.export_id);
    if (copy === 'expired') throw new AppError(410, 'dataExportLinkExpired');
    const file = copy === 'invalid' ? null : await app.files.get(copy.key);
    if (!file)
      throw new AppError(
        copy === 'invalid' ? 404 : 410,
        copy === 'invalid' ? 'dataExportNotReady' : 'dataExportLinkExpired',
      );
    return { contentType: 'application/zip', filename: copyFileName(input.id, shop.clock()), body: file.stream };
  });
}
