import type { FastifyInstance } from 'fastify';
import { getOrderExchanges, requestExchange } from '../../common/contract/exchanges';
import { route } from '../lib/endpoint';
import { answerOversizedUploads } from '../lib/uploads';
import { imageTypeOfName, signedFileRoute } from '../orders/receipts';
import * as service from './service';

/** The customer's exchanges (docs/decisions/020): ask, follow, and the photo's signed link. */
export default async function exchangeRoutes(app: FastifyInstance) {
  const db = app.db;
  answerOversizedUploads(app, 'photo', 'exchangePhotoTooLarge');

  route(app, getOrderExchanges, async ({ auth, input, lang }) =>
    service.orderExchanges(db, auth.user, input.order_id, lang),
  );

  route(app, requestExchange, async ({ auth, input, lang, say }) => {
    await service.requestExchange(app.shop, auth.user, {
      orderId: input.order_id,
      itemId: input.order_item_id,
      quantity: input.quantity,
      reason: input.reason,
      note: input.note,
      photo: input.photo instanceof Uint8Array ? input.photo : undefined,
    });
    say('exchangeRequested');
    return service.orderExchanges(db, auth.user, input.order_id, lang);
  });

  // A request's photo, for the link on the order's page and in the back office (signed for the customer, expiring).
  signedFileRoute(app, 'exchange', service.EXCHANGE_PHOTO_PATH, async (id, userId) => {
    const key = await service.photoKeyFor(db, id, userId);
    return key && imageTypeOfName(key) ? app.files.get(key) : null;
  });
}
