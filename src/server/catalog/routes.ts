import type { FastifyInstance } from 'fastify';
import {
  getBanners,
  getCategory,
  getProductDetails,
  getProductList,
  getProductReviews,
  getTags,
} from '../../common/contract/catalog';
import { miniAppBaseLink } from '../../common/startapp';
import { route } from '../lib/endpoint';
import * as repo from './repository';
import * as service from './service';

export default async function catalogRoutes(app: FastifyInstance) {
  // The public reads answer without the response check in production (route()'s skipAnswerCheck: tests prove the
  // answers are the schemas' own output, byte for byte).
  const fast = { skipAnswerCheck: true };
  route(app, getCategory, async ({ lang }) => ({ categories: await repo.listCategories(app.db, lang) }), fast);
  route(app, getBanners, async ({ lang }) => ({ banners: await repo.listBanners(app.db, lang) }), fast);
  route(app, getTags, async ({ lang }) => ({ tags: await repo.listTags(app.db, lang) }), fast);
  // A card the list built but could not keep is answered all the same, and built again by the next read.
  route(
    app,
    getProductList,
    async ({ input, lang, req }) =>
      service.productList(app.shop, lang, input, (err) => req.log.warn({ err }, 'product cards not kept')),
    {
      ...fast,
      cache: {
        store: app.shop.catalog.list,
        // Everything that changes the page (the filters are already trimmed and lower-cased by the contract; the
        // search text `q` is trimmed, and kept as typed).
        key: (i) => JSON.stringify([i.lang, i.category, i.type, i.benefit, i.tag, i.sort, i.cursor, i.limit, i.q]),
      },
    },
  );
  // Share inside Telegram builds `?startapp=` links from the Mini App's t.me link (docs/product.md section 3, "Share").
  const miniAppLink = miniAppBaseLink(app.config.BOT_USERNAME, app.config.MINI_APP_NAME);
  route(
    app,
    getProductDetails,
    async ({ input, lang }) => ({
      product: await service.productDetails(app.db, lang, input.product_id),
      mini_app_link: miniAppLink,
    }),
    fast,
  );
  route(app, getProductReviews, async ({ input }) => service.productReviews(app.db, input.product_id, input), fast);
}
