import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/settings';
import { route } from '../lib/endpoint';
import * as service from './admin-service';

/** The back office's Settings paths (permission `settings`: owner). */
export default async function settingsAdminRoutes(app: FastifyInstance) {
  const { db, config } = app;

  route(app, contract.adminSettingsGet, async () => service.settingsView(db, config, app.shop.payments));

  route(app, contract.adminSettingsUpdate, async ({ input, staff, say }) => {
    // Only the settings' own keys are read from the input (the common fields are ignored).
    const changed = await service.updateSettings(db, staff, config, input);
    say(changed ? 'settingsSaved' : 'settingsUnchanged');
    return service.settingsView(db, config, app.shop.payments);
  });
}
