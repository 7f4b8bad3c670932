import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/products';
import { route } from '../lib/endpoint';
import { badRequest } from '../lib/errors';
import { answerOversizedUploads } from '../lib/uploads';
import * as packagings from './admin-packaging-service';
import * as reads from './admin-read-service';
import * as service from './admin-service';

/** The back office's Products paths (permission `catalogue`, docs/decisions/015). */
export default async function productAdminRoutes(app: FastifyInstance) {
  const db = app.db;
  answerOversizedUploads(app, 'image', 'imageTooLarge');

  route(app, contract.adminProductOptions, async () => reads.productOptions(db));
  route(app, contract.adminProductsList, async ({ input }) => reads.listProducts(db, input));
  route(app, contract.adminProductGet, async ({ input }) => ({
    product: await reads.productDetail(db, input.product_id),
  }));

  route(app, contract.adminProductCreate, async ({ input, staff, say }) => {
    const product = await service.createProduct(app.shop, staff, input);
    say('productCreated');
    return { product };
  });
  route(app, contract.adminProductUpdate, async ({ input, staff, say }) => {
    const product = await service.updateProduct(app.shop, staff, input.product_id, input);
    say('productSaved');
    return { product };
  });
  route(app, contract.adminProductDelete, async ({ input, staff, say }) => {
    await service.deleteProduct(app.shop, staff, input.product_id);
    say('productDeleted');
    return { deleted: true as const };
  });

  route(app, contract.adminPackagingAdd, async ({ input, staff, say }) => {
    const product = await packagings.addPackaging(app.shop, staff, input.product_id, input);
    say('packagingAdded');
    return { product };
  });
  route(app, contract.adminPackagingUpdate, async ({ input, staff, say }) => {
    const product = await packagings.updatePackaging(app.shop, staff, input.packaging_id, input);
    say('packagingSaved');
    return { product };
  });
  route(app, contract.adminPackagingReorder, async ({ input, staff, say }) => {
    const product = await packagings.reorderPackagings(app.shop, staff, input.product_id, input.packaging_ids);
    say('packagingsReordered');
    return { product };
  });
  route(app, contract.adminPackagingRetire, async ({ input, staff, say }) => {
    const product = await packagings.retirePackaging(app.shop, staff, input.packaging_id);
    say('packagingRetiredDone');
    return { product };
  });

  route(app, contract.adminImageUpload, async ({ input, say }) => {
    if (!(input.image instanceof Uint8Array)) throw badRequest('imageUnreadable', undefined, 'image');
    const stored = await service.uploadImage(app.files, input.image);
    say('imageUploaded');
    return stored;
  });
}
