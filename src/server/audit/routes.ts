import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/audit';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The back office's Audit log paths (owner; permission `audit`). */
export default async function auditRoutes(app: FastifyInstance) {
  route(app, contract.adminAuditList, async ({ input }) =>
    service.listAudit(app.db, {
      actor: input.actor,
      kind: input.kind,
      orderNo: input.order_no,
      cursor: input.cursor,
      limit: input.limit,
    }),
  );

  route(app, contract.adminAuditActors, async () => ({ actors: await service.auditActors(app.db) }));
}
