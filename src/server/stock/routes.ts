import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/stock';
import { formatStockChange } from '../../common/stock-rules';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The back office's stock paths (permission `catalogue`): "Adjust stock" and a product's stock history. */
export default async function stockRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, contract.adminStockAdjust, async ({ input, staff, say }) => {
    const change = { packagingId: input.packaging_id, delta: input.delta, reason: input.reason };
    const { productId, stock } = await service.adjustStock(app.shop, staff, change);
    say('stockAdjusted', { delta: formatStockChange(input.delta), stock });
    return {
      packaging_id: input.packaging_id,
      stock,
      delta: input.delta,
      ...(await service.stockLevels(db, productId)),
    };
  });

  route(app, contract.adminStockHistory, async ({ input, lang }) =>
    service.stockHistoryPage(db, input.product_id, lang, input.cursor, input.limit),
  );
}
