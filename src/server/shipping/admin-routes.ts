import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/shipping';
import { route } from '../lib/endpoint';
import * as service from './admin-service';

/** The back office's Shipping paths (permission `shipping`: owner, manager; docs/decisions/041). */
export default async function shippingAdminRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, contract.adminShippingGet, async () => service.shippingView(db));

  route(app, contract.adminShippingStateAdd, async ({ input, staff, lang, say }) => {
    const { country, code, name_en, name_zh, standard_fee_cents, expedited_fee_cents } = input;
    const state = await service.addState(
      db,
      staff,
      {
        country,
        code,
        name_en,
        name_zh,
        standard_fee_cents,
        expedited_fee_cents,
        standard_offered: input.standard_offered,
        expedited_offered: input.expedited_offered,
      },
      lang,
    );
    say('shippingStateAdded', { state });
    return service.shippingView(db);
  });

  route(app, contract.adminShippingStateUpdate, async ({ input, staff, lang, say }) => {
    const { state_id, name_en, name_zh, standard_fee_cents, expedited_fee_cents } = input;
    const { standard_offered, expedited_offered } = input;
    const fields = { name_en, name_zh, standard_fee_cents, expedited_fee_cents, standard_offered, expedited_offered };
    const { changed, name } = await service.updateState(db, staff, state_id, fields, lang);
    if (changed) say('shippingStateSaved', { state: name });
    else say('shippingUnchanged');
    return service.shippingView(db);
  });

  route(app, contract.adminShippingStateRetire, async ({ input, staff, lang, say }) => {
    const { changed, name } = await service.setRetired(db, staff, input.state_id, true, lang);
    say(changed ? 'shippingStateRetired' : 'shippingAlreadyRetired', { state: name });
    return service.shippingView(db);
  });

  route(app, contract.adminShippingStateRestore, async ({ input, staff, lang, say }) => {
    const { changed, name } = await service.setRetired(db, staff, input.state_id, false, lang);
    say(changed ? 'shippingStateRestored' : 'shippingAlreadyOffered', { state: name });
    return service.shippingView(db);
  });

  route(app, contract.adminShippingReorder, async ({ input, staff, say }) => {
    const changed = await service.reorderStates(db, staff, input.country, input.ids);
    say(changed ? 'shippingOrderSaved' : 'shippingUnchanged');
    return service.shippingView(db);
  });

  route(app, contract.adminShippingFreeThreshold, async ({ input, staff, say }) => {
    const changed = await service.setFreeThreshold(db, staff, input.free_shipping_threshold_cents);
    say(changed ? 'shippingThresholdSaved' : 'shippingUnchanged');
    return service.shippingView(db);
  });
}
