import type { FastifyInstance } from 'fastify';
import { getBanners, getCategory, getTags } from '../../common/contract/catalog';
import { route } from '../lib/endpoint';
import * as repo from './repository';

export default async function catalogRoutes(app: FastifyInstance) {
  route(app, getCategory, async ({ lang }) => ({ categories: await repo.listCategories(app.db, lang) }));
  route(app, getBanners, async ({ lang }) => ({ banners: await repo.listBanners(app.db, lang) }));
  route(app, getTags, async ({ lang }) => ({ tags: await repo.listTags(app.db, lang) }));
}
