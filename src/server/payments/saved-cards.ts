import type { SavedCard } from '../../common/contract/subscriptions';
import { renewalConsentText } from '../../common/renewal-charges';
import { accountById } from '../accounts/service';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import { inTransaction, type Shop } from '../shop';
import { chargeRenewalsToCard, renewalFrequenciesOfOrder, stopChargingCard } from '../subscriptions/service';
import type { PaymentInfo, PaymentProvider, ProviderFailure, SaveCardConsent } from './provider';
import * as repo from './renewal-repository';

/**
 * Cards saved for Subscribe & save renewals (docs/decisions/040, "Renewals charged to a saved card only with
 * consent"): only when the shopper ticked the box on a subscription's first card order (`orders.save_card_consent_at`)
 * does its hosted page save the card; once that order is paid, the card is recorded and its subscriptions are charged
 * to it. Removing it stops every automatic charge at once, in our database; the card is then detached at the provider
 * too, outside the transaction, and when the provider does not answer the reconciliation job (reconcile.ts) detaches
 * it later — it is never charged again either way.
 */

export type ConsentOrder = Pick<Order, 'id' | 'user_id' | 'lang' | 'save_card_consent_at'>;

/** What the hosted page of a consenting order needs to save the card; undefined without the consent. */
export async function saveCardConsent(shop: Shop, order: ConsentOrder): Promise<SaveCardConsent | undefined> {
  if (!order.save_card_consent_at || !shop.payments) return undefined;
  const user = await accountById(shop.db, order.user_id);
  const frequencies = await renewalFrequenciesOfOrder(shop.db, order.id);
  return {
    customerId: order.user_id,
    providerCustomerRef: await repo.latestCustomerRef(shop.db, order.user_id, shop.payments.name),
    ...(user?.email ? { email: user.email } : {}),
    // The same words as the checkbox, shown again beside the provider's Pay button.
    notice: renewalConsentText(order.lang, frequencies),
  };
}

/**
 * A consenting order's payment went through with its card saved: the card is recorded (once, whatever repeats) and
 * the subscriptions the order started are charged to it from now on. Answers the saved card's id, or null.
 */
export async function keepSavedCard(
  shop: Shop,
  order: ConsentOrder,
  payment: Pick<PaymentInfo, 'savedCard' | 'card'> | null,
): Promise<number | null> {
  const saved = payment?.savedCard;
  if (!order.save_card_consent_at || !saved || !shop.payments) return null;
  const card = await repo.upsertSavedCard(shop.db, {
    user_id: order.user_id,
    provider: shop.payments.name,
    customer_ref: saved.customerRef,
    payment_method_ref: saved.paymentMethodRef,
    brand: payment.card?.brand ?? null,
    last4: payment.card?.last4 ?? null,
  });
  // A card the customer removed (say, between paying and this notice) is not linked again.
  if (card.user_id !== order.user_id || card.removed_at) return null;
  const linked = await chargeRenewalsToCard(shop.db, order.id, card.id);
  shop.log.info({ orderId: order.id, savedCard: card.id, subscriptions: linked }, 'card saved for renewals');
  return card.id;
}

const toView = (row: repo.SavedCardRow): SavedCard => ({
  id: row.id,
  brand: row.brand ?? 'card',
  last4: row.last4 ?? '',
  created_at: row.created_at,
});

/** The customer's saved cards (not removed). */
export async function listSavedCards(db: Db, userId: number): Promise<SavedCard[]> {
  return (await repo.listSavedCards(db, userId)).map(toView);
}

/**
 * Removes one of the customer's cards: from this moment no subscription is charged to it and no retry waiting for it
 * runs (an attempt already with the provider finishes; a claim checks the card in the same statement). One
 * transaction; removing it again changes nothing. Then, outside it, the card is detached at the provider; if that
 * does not go through now, the reconciliation job tries again (the customer's removal stands either way). Anyone
 * else's card: 404.
 */
export async function removeSavedCard(shop: Shop, userId: number, savedCardId: number): Promise<SavedCard[]> {
  const card = await repo.findOwnSavedCard(shop.db, userId, savedCardId);
  if (!card) throw notFound('savedCardNotFound');
  await inTransaction(shop, async (tx) => {
    if (!(await repo.markRemoved(tx.db, card.id, nowIso()))) return;
    await stopChargingCard(tx.db, card.id);
    await repo.cancelScheduled(tx.db, { savedCardId: card.id });
  });
  shop.log.info({ userId, savedCard: card.id }, 'saved card removed; its renewals wait for Pay now');
  if (shop.payments && card.provider === shop.payments.name && !card.detached_at) {
    await detachRemovedCard(shop, shop.payments, card).catch((err: unknown) =>
      shop.log.error({ err, savedCard: card.id }, 'detaching a removed card failed; the reconciliation job retries'),
    );
  }
  return listSavedCards(shop.db, userId);
}

/**
 * Detaches a removed card at the provider (never inside a transaction) and records the outcome: detached, or a note
 * of why not, the card staying to detach (reconcile.ts asks again each round). Answers the provider's failure, if any.
 */
export async function detachRemovedCard(
  shop: Shop,
  provider: PaymentProvider,
  card: Pick<repo.SavedCardRow, 'id' | 'payment_method_ref'>,
): Promise<ProviderFailure | null> {
  const detached = await provider.detachSavedCard(card.payment_method_ref);
  if (detached.ok) {
    await repo.markDetached(shop.db, card.id, nowIso());
    shop.log.info({ savedCard: card.id }, 'removed card detached at the provider');
    return null;
  }
  const { kind, code, message } = detached.failure;
  await repo.noteDetachFailure(shop.db, card.id, code ? `${message} (${code})` : message);
  shop.log.warn({ savedCard: card.id, kind, code }, 'removed card not detached at the provider; retried later');
  return detached.failure;
}
