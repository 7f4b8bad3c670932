import type { FastifyInstance } from 'fastify';
import { adminSystem } from '../../common/contract/admin/system';
import { createSourceMaps } from '../client-errors/source-maps';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The back office's System page (owner only, by the endpoint's `system` permission); a read, so not audited. */
export default async function systemRoutes(app: FastifyInstance) {
  // The served build's id, read from its manifest (client-errors/source-maps.ts; no map is read for it).
  const maps = createSourceMaps(app.config.CLIENT_DIST);
  route(app, adminSystem, async () =>
    service.systemStatus(app.shop, { self: app.instance, clientBuild: () => maps.buildId() }),
  );
}
