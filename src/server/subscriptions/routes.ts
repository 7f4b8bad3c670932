import type { FastifyInstance } from 'fastify';
import {
  cancelSubscription,
  getSavedCards,
  getSubscriptions,
  removeSavedCard,
  submitPayment,
  updateSubscription,
} from '../../common/contract/subscriptions';
import { route } from '../lib/endpoint';
import { answerOversizedReceipts } from '../orders/receipts';
import { orderDetails } from '../orders/service';
import { listSavedCards, removeSavedCard as removeCard } from '../payments/saved-cards';
import * as service from './service';
import * as payment from './submit-payment';

export default async function subscriptionRoutes(app: FastifyInstance) {
  const db = app.db;
  const config = app.config;
  answerOversizedReceipts(app);

  route(app, getSubscriptions, async ({ auth, lang }) => ({
    subscriptions: await service.listSubscriptions(db, auth.user, lang),
  }));

  route(app, updateSubscription, async ({ auth, input, lang, say }) => {
    const { subscription, kind } = await service.updateSubscription(db, auth.user, lang, input.subscription_id, {
      frequencyWeeks: input.frequency_weeks,
      quantity: input.quantity,
      addressId: input.address_id,
      shippingMethod: input.shipping_method,
      skipNext: input.skip_next,
    });
    say(kind === 'skipped' ? 'subscriptionSkipped' : 'subscriptionUpdated');
    return { subscription };
  });

  route(app, cancelSubscription, async ({ auth, input, lang, say }) => {
    const subscription = await service.cancelSubscription(db, auth.user, lang, input.subscription_id);
    say('subscriptionCancelled');
    return { subscription };
  });

  // Cards saved for renewals (docs/decisions/040): listed in the profile, removed there or on a subscription.
  route(app, getSavedCards, async ({ auth }) => ({ saved_cards: await listSavedCards(db, auth.user.id) }));

  route(app, removeSavedCard, async ({ auth, input, say }) => {
    const saved = await removeCard(app.shop, auth.user.id, input.saved_card_id);
    say('savedCardRemoved');
    return { saved_cards: saved };
  });

  route(app, submitPayment, async ({ auth, input, lang, say }) => {
    const order = await payment.submitPayment(app.shop, auth.user, {
      orderId: input.order_id,
      paymentReference: input.payment_reference,
      receipt: input.receipt instanceof Uint8Array ? input.receipt : undefined,
    });
    say('paymentSubmitted');
    return { order: await orderDetails(db, order, lang, { config }) };
  });
}
