import { chargedUnitCents, deliversTo } from '../../common/checkout-rules';
import type { PaymentMethodCode, ShippingMethod } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import {
  SUBSCRIPTION_FREQUENCIES,
  type Subscription,
  type SubscriptionFrequency,
} from '../../common/contract/subscriptions';
import { packagingName } from '../../common/packaging-name';
import type { RenewalFailure } from '../../common/renewal-charges';
import { deliveryAddress } from '../addresses/service';
import { cartPackagings } from '../cart/service';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { conflict, invalidField, notFound, unprocessable } from '../lib/errors';
import { addDays } from '../lib/time';
import { requireMethodOffered } from '../shipping/service';
import * as repo from './repository';

/**
 * Subscribe & save, the customer's side (docs/decisions/012): list, change and cancel their own subscriptions.
 * Anyone else's subscription answers 404, the same as one that does not exist. Prices shown are today's:
 * the packaging's sale price, 15% off (common/pricing via chargedUnitCents), as the next renewal will charge.
 */

const pick = (lang: Lang, en: string, zh: string) => (lang === 'zh' ? zh : en);

const isSubscriptionFrequency = (n: number): n is SubscriptionFrequency =>
  (SUBSCRIPTION_FREQUENCIES as readonly number[]).includes(n);

/** A subscription as its owner sees it, in the asked language. */
function toSubscription(row: repo.SubscriptionRow, lang: Lang): Subscription {
  const frequency = isSubscriptionFrequency(row.frequency_weeks) ? row.frequency_weeks : 4;
  const unit = chargedUnitCents(row, frequency);
  return {
    id: row.id,
    status: row.status === 'active' ? 'active' : 'cancelled',
    product_id: row.product_id,
    variant_id: row.variant_id,
    name: pick(lang, row.name_en, row.name_zh),
    variant_name: pick(lang, row.variant_name_en, row.variant_name_zh),
    image: row.image,
    quantity: row.quantity,
    frequency_weeks: row.frequency_weeks,
    unit_price_cents: unit,
    regular_unit_price_cents: chargedUnitCents(row, 0),
    line_total_cents: unit * row.quantity,
    stock: row.stock,
    // A retired packaging's renewals are refused like a hidden product's (the delivery is skipped and the customer told).
    available:
      row.is_active === 1 && row.is_retired !== 1 && row.subscribable === 1 && row.stock_state !== 'coming_soon',
    next_due_at: row.next_due_at,
    shipping_method: row.shipping_method,
    payment_method: row.payment_method,
    address: {
      id: row.address_id,
      receiver_name: row.receiver_name,
      summary: `${row.address}, ${row.city}, ${pick(lang, row.state_name_en, row.state_name_zh)} ${row.zip}`,
    },
    saved_card:
      row.card_id !== null
        ? {
            id: row.card_id,
            brand: row.card_brand ?? 'card',
            last4: row.card_last4 ?? '',
            created_at: row.card_created_at ?? row.created_at,
          }
        : null,
    // Until that renewal is paid some other way (Pay now) or a later one is charged.
    renewal_failure:
      row.renewal_failure &&
      row.renewal_failure_order_id !== null &&
      (row.failure_order_status === 'Pending' || row.failure_order_status === 'Cancelled')
        ? {
            reason: row.renewal_failure,
            order_id: row.renewal_failure_order_id,
            order_no: row.failure_order_no ?? '',
            at: row.renewal_failure_at ?? row.updated_at,
          }
        : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listSubscriptions(db: Db, user: User, lang: Lang): Promise<Subscription[]> {
  return (await repo.listOwnSubscriptions(db, user.id)).map((r) => toSubscription(r, lang));
}

async function getOwn(db: Db, user: User, subscriptionId: number): Promise<repo.SubscriptionRow> {
  const row = await repo.findOwnSubscription(db, user.id, subscriptionId);
  if (!row) throw notFound('subscriptionNotFound');
  return row;
}

interface SubscriptionChange {
  frequencyWeeks?: number;
  quantity?: number;
  addressId?: number;
  shippingMethod?: ShippingMethod;
  skipNext?: boolean;
}

/** What a change did, for the success message. */
type ChangeKind = 'updated' | 'skipped';

/**
 * Changes one of the customer's active subscriptions. Frequency must be 2, 4 or 8; quantity a whole number
 * from 1 to the packaging's stock; the address one of the customer's own, where the product can be
 * delivered. `skipNext` moves the next delivery one period (of the new frequency, if it changes too) later.
 * The update is conditional on the row being as read (a renewal placed meanwhile moves `next_due_at`):
 * on such a race it is re-read and applied again, so nothing is lost or skipped twice.
 */
export async function updateSubscription(
  db: Db,
  user: User,
  lang: Lang,
  subscriptionId: number,
  change: SubscriptionChange,
): Promise<{ subscription: Subscription; kind: ChangeKind }> {
  const nothing =
    change.frequencyWeeks === undefined &&
    change.quantity === undefined &&
    change.addressId === undefined &&
    change.shippingMethod === undefined &&
    !change.skipNext;

  for (let attempt = 1; ; attempt++) {
    const row = await getOwn(db, user, subscriptionId);
    if (row.status !== 'active') throw conflict('subscriptionNotActive');
    if (nothing) throw unprocessable('subscriptionNothingToChange');
    if (change.frequencyWeeks !== undefined && !isSubscriptionFrequency(change.frequencyWeeks)) {
      throw invalidField('frequency_weeks', 'subscriptionFrequencyInvalid');
    }
    const product = packagingName(row, lang);

    if (change.quantity !== undefined && change.quantity !== row.quantity) {
      if (change.quantity < 1) {
        throw invalidField('quantity', 'subscriptionQuantityInvalid', { max: Math.max(1, row.stock) });
      }
      if (change.quantity > row.stock) {
        throw invalidField('quantity', 'itemNotEnoughStock', { product, stock: row.stock });
      }
    }

    let addressId = row.address_id;
    if (change.addressId !== undefined && change.addressId !== row.address_id) {
      const own = await deliveryAddress(db, user.id, change.addressId);
      const packaging = (await cartPackagings(db, [row.variant_id]))[0];
      if (packaging && !deliversTo(packaging, own.state.country)) {
        throw invalidField('address_id', 'itemNotDeliverable', {
          product,
          state: pick(lang, own.state.name_en, own.state.name_zh),
        });
      }
      addressId = own.address.id;
    }
    if (change.addressId !== undefined || change.shippingMethod !== undefined) {
      // The method must be offered to the state its deliveries go to (docs/decisions/041).
      const { state } = await deliveryAddress(db, user.id, addressId);
      const method = change.shippingMethod ?? row.shipping_method;
      requireMethodOffered(state, method, lang, change.shippingMethod ? 'shipping_method' : 'address_id');
    }

    const frequency = change.frequencyWeeks ?? row.frequency_weeks;
    const now = new Date().toISOString();
    const nextDueAt = change.skipNext ? addDays(row.next_due_at, frequency * 7) : row.next_due_at;
    const applied = await repo.updateIfUnchanged(
      db,
      user.id,
      row.id,
      { updated_at: row.updated_at, next_due_at: row.next_due_at },
      {
        frequency_weeks: frequency,
        quantity: change.quantity ?? row.quantity,
        address_id: addressId,
        shipping_method: change.shippingMethod ?? row.shipping_method,
        next_due_at: nextDueAt,
        // Never equal to what was read, so a concurrent change in the same millisecond still conflicts.
        updated_at: now === row.updated_at ? new Date(Date.parse(now) + 1).toISOString() : now,
      },
    );
    if (applied) {
      const updated = await getOwn(db, user, row.id);
      const onlySkip =
        change.skipNext &&
        change.frequencyWeeks === undefined &&
        change.quantity === undefined &&
        change.addressId === undefined &&
        change.shippingMethod === undefined;
      return { subscription: toSubscription(updated, lang), kind: onlySkip ? 'skipped' : 'updated' };
    }
    if (attempt >= 3) throw conflict('subscriptionChanged');
  }
}

/** Cancels one of the customer's subscriptions; cancelling a cancelled one answers it as it is. */
export async function cancelSubscription(
  db: Db,
  user: User,
  lang: Lang,
  subscriptionId: number,
): Promise<Subscription> {
  await getOwn(db, user, subscriptionId);
  await repo.cancel(db, user.id, subscriptionId, new Date().toISOString());
  return toSubscription(await getOwn(db, user, subscriptionId), lang);
}

/**
 * Placing a renewal, step 0 (docs/decisions/005): claims the subscription's due date (moves it to `nextDueAt`) while
 * it is still active and due at `dueAt`; a second scheduler, or a retry, finds it moved: 409, nothing placed.
 */
export async function claimRenewal(
  trx: Db,
  renewal: { subscriptionId: number; userId: number; dueAt: string; nextDueAt: string },
  at: string,
): Promise<void> {
  if (!(await repo.claimRenewal(trx, renewal, at))) throw conflict('subscriptionChanged');
}

/** Placing an order, step 5: its Subscribe & save lines start their subscriptions, due a frequency from now. */
export async function startSubscriptions(
  trx: Db,
  order: {
    userId: number;
    /** The order placing it: its card pays the renewals when the shopper agreed (docs/decisions/040). */
    orderId: number;
    addressId: number;
    shippingMethod: ShippingMethod;
    paymentMethod: PaymentMethodCode;
    at: string;
  },
  lines: ReadonlyArray<{ product_id: number; variant_id: number; quantity: number; frequency_weeks: number }>,
): Promise<void> {
  const rows = lines
    .filter((l) => l.frequency_weeks > 0)
    .map((l) => ({
      user_id: order.userId,
      product_id: l.product_id,
      variant_id: l.variant_id,
      quantity: l.quantity,
      frequency_weeks: l.frequency_weeks,
      address_id: order.addressId,
      shipping_method: order.shippingMethod,
      payment_method: order.paymentMethod,
      status: 'active' as const,
      next_due_at: addDays(order.at, l.frequency_weeks * 7),
      origin_order_id: order.orderId,
      created_at: order.at,
      updated_at: order.at,
    }));
  await repo.insertSubscriptions(trx, rows);
}

/** A subscription with its product and packaging names, or undefined (the skipped-renewal e-mail). */
export const subscriptionById = (db: Db, subscriptionId: number) => repo.findSubscription(db, subscriptionId);

// Renewals charged to a saved card (docs/decisions/040), for payments/saved-cards.ts and payments/renewal-charges.ts.

/** The subscriptions `originOrderId` started are charged to the card from now on; answers how many. */
export const chargeRenewalsToCard = (db: Db, originOrderId: number, savedCardId: number) =>
  repo.linkSavedCard(db, originOrderId, savedCardId, new Date().toISOString());

/** The card was removed: every subscription charged to it waits for Pay now from this moment. */
export const stopChargingCard = (db: Db, savedCardId: number) =>
  repo.unlinkSavedCard(db, savedCardId, new Date().toISOString());

/** The renewal rhythms of the subscriptions an order starts (what the consent says "when"). */
export const renewalFrequenciesOfOrder = (db: Db, originOrderId: number) => repo.frequenciesOfOrder(db, originOrderId);

/** After a renewal's last failed charge: the subscription says why; `null` clears it (a renewal was paid). */
export const noteRenewalFailure = (
  db: Db,
  subscriptionId: number,
  failure: { reason: RenewalFailure; orderId: number; at: string } | null,
) => repo.setRenewalFailure(db, subscriptionId, failure ?? { reason: null, orderId: null, at: null });
