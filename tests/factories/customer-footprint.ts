import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/connection';
import type { FileStore } from '../../src/server/files/store';
import { nowIso } from '../../src/server/lib/time';
import { createAddress } from './addresses';
import { createOrder } from './orders';
import { type CreatedUser, createUser } from './users';

/**
 * A customer with at least one row of everything the shop keeps about a customer (docs/decisions/051): profile with
 * Telegram link and bank settings, address, order with lines, payment, refund and timeline, a transfer receipt and
 * an exchange photo in the file store, review, cash-reward ledger, referral visit, a downline who ordered (commission,
 * referral award), payout request, subscription, saved card, stock alert, coupon use. Plus that downline and an
 * unrelated customer, each with an order of their own, whose personal data must never reach the first one's copy.
 */
export async function customerFootprint(db: Db, files: FileStore, opts: { staffEmail: string }) {
  const now = nowIso();
  const tag = randomBytes(3).toString('hex');
  const main = await createUser(db, {
    nickname: `Ana Footprint ${tag}`,
    email_confirmed_at: now,
    telegram_user_id: String(7_100_000_000 + Number.parseInt(tag, 16)),
    telegram_username: `ana_${tag}`,
    telegram_name: 'Ana F',
    is_agent: 1,
    commission_rate_bp: 1000,
    bank_name: 'BDO',
    bank_account_name: 'Ana Footprint',
    bank_account_number: `00${tag}99`,
    remark: 'prefers morning delivery',
  });
  const downline = await createUser(db, {
    nickname: `Dina Downline ${tag}`,
    upline_id: main.user.id,
    joined_via: 'link',
  });
  const stranger = await createUser(db, { nickname: `Sam Stranger ${tag}` });
  const userId = main.user.id;

  const address = await createAddress(db, userId, { receiver_name: 'Ana Receiver', phone: '+639170000001' });
  const { order, lines } = await createOrder(db, userId, {
    fields: { receiver_name: 'Ana Receiver', phone: '+639170000001', save_card_consent_at: now },
  });
  // The other customers' orders carry their own names and phones.
  const theirs = await createOrder(db, downline.user.id, {
    fields: { receiver_name: `Dina Receiver ${tag}`, phone: '+639175550101', address: '9 Downline Road' },
  });
  await createOrder(db, stranger.user.id, {
    fields: { receiver_name: `Sam Receiver ${tag}`, phone: '+639175550202', address: '7 Stranger Lane' },
  });

  const receipt = randomBytes(4096);
  const receiptKey = `receipts/${randomBytes(16).toString('hex')}.jpg`;
  await files.put(receiptKey, receipt);
  await db.updateTable('orders').set({ receipt_path: receiptKey }).where('id', '=', order.id).execute();
  const photo = randomBytes(6000);
  const photoKey = `exchanges/${randomBytes(16).toString('hex')}.jpg`;
  await files.put(photoKey, photo);

  const line = lines[0]!;
  const payment = await db
    .insertInto('payments')
    .values({
      order_id: order.id,
      provider: 'bank_transfer',
      provider_charge_id: `pc_${tag}`,
      amount_cents: order.total_cents,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refund = await db
    .insertInto('refunds')
    .values({ order_id: order.id, amount_cents: 100, method: 'bank_transfer', reference: `RF-${tag}`, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_events')
    .values([
      { order_id: order.id, kind: 'placed', actor: 'customer', details: null, created_at: now },
      { order_id: order.id, kind: 'paid', actor: opts.staffEmail, details: null, created_at: now },
    ])
    .execute();
  const review = await db
    .insertInto('reviews')
    .values({
      product_id: line.product_id,
      user_id: userId,
      order_id: order.id,
      nickname: main.user.nickname,
      rating: 5,
      title: `Lovely ${tag}`,
      description: 'Bright and floral.',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('cash_rewards')
    .values({
      user_id: userId,
      order_id: order.id,
      type: 'earned',
      spend_cents: order.total_cents,
      amount_cents: 123,
      balance_after_cents: 123,
      status: 'Active',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('referral_visits')
    .values({
      referrer_id: userId,
      link: `/${main.user.referral_code}`,
      origin: 'web',
      visitor_key: `vk_${tag}`,
      converted: 1,
      converted_at: now,
      converted_user_id: downline.user.id,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('commissions')
    .values({
      agent_id: userId,
      order_id: theirs.order.id,
      downline_id: downline.user.id,
      amount_cents: 250,
      rate_bp: 1000,
      status: 'Paid',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('referral_awards')
    .values({
      member_id: downline.user.id,
      referrer_id: userId,
      order_id: theirs.order.id,
      amount_cents: 500,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('payout_requests')
    .values({
      agent_id: userId,
      amount_cents: 250,
      requested_at: now,
      bank_name: 'BDO',
      bank_account_name: 'Ana Footprint',
      bank_account_number: `00${tag}99`,
    })
    .execute();
  const card = await db
    .insertInto('saved_cards')
    .values({
      user_id: userId,
      provider: 'stripe',
      customer_ref: `cus_${tag}`,
      payment_method_ref: `pm_${tag}`,
      brand: 'visa',
      last4: '4242',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subscription = await db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      product_id: line.product_id,
      variant_id: line.variant_id,
      quantity: 1,
      frequency_weeks: 4,
      address_id: address.id,
      shipping_method: 'standard',
      payment_method: 'bank_transfer',
      status: 'active',
      next_due_at: now,
      origin_order_id: order.id,
      saved_card_id: card.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_alerts')
    .values({ user_id: userId, product_id: line.product_id, created_at: now })
    .execute();
  await db.insertInto('carts').values({ user_id: userId, updated_at: now, merge_key: null }).execute();
  await db
    .insertInto('cart_lines')
    .values({
      user_id: userId,
      product_id: line.product_id,
      variant_id: line.variant_id,
      frequency_weeks: 0,
      quantity: 2,
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const exchange = await db
    .insertInto('exchange_requests')
    .values({
      order_id: order.id,
      order_item_id: line.id,
      user_id: userId,
      quantity: 1,
      reason: 'damaged',
      note: 'The tin was dented.',
      photo_key: photoKey,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  return {
    main,
    downline,
    stranger,
    ids: {
      address: address.id,
      order: order.id,
      orderNo: order.order_no,
      line: line.id,
      payment: payment.id,
      refund: refund.id,
      review: review.id,
      subscription: subscription.id,
      exchange: exchange.id,
      card: card.id,
    },
    uploads: { receipt, photo },
  };
}

/** What of a customer must never appear in another one's copy. */
export const personalData = (c: CreatedUser) => [c.user.email, c.user.nickname, c.user.phone];
