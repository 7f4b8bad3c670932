import type { FastifyInstance } from 'fastify';
import {
  getFaq,
  getPage,
  getPrivacyPolicy,
  getShippingPolicy,
  getTnc,
  type InfoPage,
  type PageSlug,
} from '../../common/contract/info';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import { route } from '../lib/endpoint';
import { notFound } from '../lib/errors';
import * as repo from './repository';

async function page(db: Db, slug: PageSlug, lang: Lang): Promise<{ page: InfoPage }> {
  const row = await repo.findPage(db, slug, lang);
  if (!row) throw notFound('pageNotFound');
  return { page: { ...row, slug } };
}

export default async function infoRoutes(app: FastifyInstance) {
  route(app, getTnc, ({ lang }) => page(app.db, 'tnc', lang));
  route(app, getPrivacyPolicy, ({ lang }) => page(app.db, 'privacy', lang));
  route(app, getShippingPolicy, ({ lang }) => page(app.db, 'shipping', lang));
  route(app, getPage, ({ input, lang }) => page(app.db, input.slug, lang));
  route(app, getFaq, async ({ lang }) => ({ faqs: await repo.listFaqs(app.db, lang) }));
}
