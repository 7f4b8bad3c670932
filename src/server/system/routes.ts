import type { FastifyInstance } from 'fastify';
import { adminSystem } from '../../common/contract/admin/system';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The back office's System page (owner only, by the endpoint's `system` permission); a read, so not audited. */
export default async function systemRoutes(app: FastifyInstance) {
  route(app, adminSystem, async () => service.systemStatus(app.shop, app.instance));
}
