import type { FastifyInstance } from 'fastify';
import { adminDashboard } from '../../common/contract/admin/dashboard';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The back office's dashboard: what needs doing now and, for roles with `reports`, the revenue figures. */
export default async function dashboardRoutes(app: FastifyInstance) {
  route(app, adminDashboard, async ({ staff, lang }) =>
    service.dashboard(app.db, { role: staff.role, lang, timezone: app.config.SHOP_TIMEZONE, backups: app.config }),
  );
}
