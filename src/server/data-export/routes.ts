import type { FastifyInstance } from 'fastify';
import { getDataExport, requestDataExport, sendDataExportToTelegram } from '../../common/contract/data-export';
import { route } from '../lib/endpoint';
import { downloadRoute } from './download';
import * as service from './service';

/** "Download my data" on the profile (docs/decisions/051): the state, a request, the bot's copy of the link. */
export default async function dataExportRoutes(app: FastifyInstance) {
  const { shop } = app;

  route(app, getDataExport, async ({ auth }) => service.customerState(shop, auth.user.id));

  route(app, requestDataExport, async ({ auth, say }) => {
    const state = await service.requestByCustomer(shop, auth.user.id);
    say(state.export.status === 'preparing' ? 'dataExportRequested' : 'ok');
    return state;
  });

  route(app, sendDataExportToTelegram, async ({ auth, say }) => {
    await service.sendToTelegram(shop, auth.user.id);
    say('dataExportSentToTelegram');
    return { sent: true as const };
  });

  downloadRoute(app);
}
