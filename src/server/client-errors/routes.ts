import type { FastifyInstance } from 'fastify';
import { CLIENT_ERROR_BODY_BYTES } from '../../common/client-error-rules';
import { adminClientErrors } from '../../common/contract/admin/client-errors';
import { reportClientError } from '../../common/contract/client-errors';
import { clientAddressKey } from '../lib/client-address';
import { route } from '../lib/endpoint';
import { enforce } from '../rate-limits/rate-limit';
import { listErrorGroups, recordClientError } from './service';
import { createSourceMaps } from './source-maps';

/**
 * Errors from shoppers' phones (docs/decisions/045-errors-from-phones.md): the public report path and the owners'
 * list. Reports are limited per client address (a phone sends at most 5 a page; a shared carrier address many) and
 * for the whole shop, so a flood neither fills the tables nor drowns the owners: over either limit, 429 and nothing
 * is stored.
 */
export const REPORT_RATE_LIMITS = {
  perAddress: { max: 30, windowMinutes: 10 },
  shop: { max: 600, windowMinutes: 10 },
} as const;

export default async function clientErrorRoutes(app: FastifyInstance) {
  const { db, shop } = app;
  // This instance's view of the served build's source maps, read on first use (source-maps.ts).
  const maps = createSourceMaps(app.config.CLIENT_DIST);

  route(
    app,
    reportClientError,
    async ({ input, req }) => {
      await enforce(db, [
        { key: `client-error:${clientAddressKey(req.ip)}`, ...REPORT_RATE_LIMITS.perAddress },
        { key: 'client-error:shop', ...REPORT_RATE_LIMITS.shop },
      ]);
      await recordClientError({ db, maps, clock: shop.clock }, input);
      return {};
    },
    { bodyLimit: CLIENT_ERROR_BODY_BYTES },
  );

  route(app, adminClientErrors, async ({ input }) => ({
    groups: await listErrorGroups(db, { days: input.days ?? 7, limit: input.limit ?? 50, now: shop.clock() }),
  }));
}
