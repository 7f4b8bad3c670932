import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/staff';
import { ROLE_PERMISSIONS } from '../../common/staff-rules';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The back office's staff paths: who is calling, their own alerts switch, and the owner's staff screen. */
export default async function staffRoutes(app: FastifyInstance) {
  route(app, contract.adminMe, async ({ staff }) => {
    const me = await service.staffMember(app.db, staff.userId);
    return { ...me!, permissions: [...ROLE_PERMISSIONS[staff.role]] };
  });

  route(app, contract.adminSetMyNotifications, async ({ input, staff, say }) => {
    await service.setStaffNotifications(app.db, staff.userId, input.notify_telegram);
    say('saved');
    return (await service.staffMember(app.db, staff.userId))!;
  });

  route(app, contract.adminStaffList, async () => ({ staff: await service.listStaff(app.db) }));

  route(app, contract.adminStaffAdd, async ({ input, staff, say }) => {
    const member = await service.addStaff(app.db, staff, input.email, input.role);
    say('staffAdded');
    return member;
  });

  route(app, contract.adminStaffRole, async ({ input, staff, say }) => {
    const member = await service.changeStaffRole(app.db, staff, input.user_id, input.role);
    say('staffUpdated');
    return member;
  });

  route(app, contract.adminStaffRemove, async ({ input, staff, say }) => {
    await service.removeStaff(app.db, staff, input.user_id);
    say('staffRemoved');
    return { user_id: input.user_id };
  });
}
