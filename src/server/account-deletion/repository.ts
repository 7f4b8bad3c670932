import { type Kysely, sql } from 'kysely';
import {
  DELETED_EMAIL_DOMAIN,
  FORMER_CUSTOMER,
  formerCustomerName,
  OPEN_ORDER_STATUSES,
} from '../../common/account-deletion';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';

// The SQL of deleting an account (docs/decisions/050-deleting-an-account-and-retention.md). Every function takes the
// deletion's transaction; the service calls them in one, after the account's row is locked.

/** The account's row with its staff role, or undefined. */
export const findAccount = (db: Db, userId: number) => accountQuery(db, userId).executeTakeFirst();

const accountQuery = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('staff', 'staff.user_id', 'users.id')
    .selectAll('users')
    .select('staff.role as staff_role')
    .where('users.id', '=', userId);

/** The account's row, locked for the deletion (PostgreSQL; SQLite's transaction holds the write lock already). */
export async function lockAccount(db: Db, userId: number) {
  return accountQuery(db, userId)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forUpdate('users'))
    .executeTakeFirst();
}

/** The account's orders that are still open (Pending, Paid, Processing), oldest first. */
export async function openOrders(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN_ORDER_STATUSES)
    .orderBy('id')
    .execute();
}

/** Active subscriptions (they end with the account). */
export async function countActiveSubscriptions(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every text the account holds that names the person: what the free-text scrub looks for in logs and timelines. */
export async function personalTexts(db: Db, userId: number): Promise<string[]> {
  const user = await db
    .selectFrom('users')
    .select([
      'nickname',
      'email',
      'phone',
      'telegram_user_id',
      'telegram_username',
      'telegram_name',
      'bank_account_name',
      'bank_account_number',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const addresses = await db
    .selectFrom('addresses')
    .select(['receiver_name', 'phone', 'address'])
    .where('user_id', '=', userId)
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select(['receiver_name', 'phone', 'address'])
    .where('user_id', '=', userId)
    .execute();
  const values = [
    ...Object.values(user),
    ...addresses.flatMap((a) => [a.receiver_name, a.phone, a.address]),
    ...orders.flatMap((o) => [o.receiver_name, o.phone, o.address]),
  ];
  // Short values (a two-letter nickname) would replace parts of unrelated words; they say too little to name anyone.
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim().length >= 3))];
}

/**
 * The files the account uploaded, its orders' receipts and its exchange requests' photos, and the copies of its data
 * still on file (docs/decisions/051): removed after commit.
 */
export async function uploadedFiles(db: Db, userId: number): Promise<string[]> {
  const receipts = await db
    .selectFrom('orders')
    .select('receipt_path as key')
    .where('user_id', '=', userId)
    .where('receipt_path', 'is not', null)
    .execute();
  const photos = await db
    .selectFrom('exchange_requests')
    .select('photo_key as key')
    .where('user_id', '=', userId)
    .where('photo_key', 'is not', null)
    .execute();
  const copies = await db
    .selectFrom('data_exports')
    .select('file_key as key')
    .where('user_id', '=', userId)
    .where('file_key', 'is not', null)
    .execute();
  return [...receipts, ...photos, ...copies].map((r) => r.key as string);
}

/** Replaces each of `texts` in a text column of the rows `ids` (JSON of timelines and the audit log): few rows, one person's. */
async function scrubColumn(
  db: Db,
  table: 'order_events' | 'audit_log',
  column: 'details' | 'before_json' | 'after_json',
  ids: number[],
  texts: string[],
): Promise<void> {
  if (!ids.length) return;
  for (const text of texts) {
    // JSON escapes nothing in an e-mail, phone or plain name; the JSON form covers quotes and backslashes too.
    for (const form of new Set([text, JSON.stringify(text).slice(1, -1)])) {
      await db
        .updateTable(table)
        .set({ [column]: sql`replace(${sql.ref(column)}, ${form}, '[erased]')` })
        .where('id', 'in', ids)
        .execute();
    }
  }
}

/**
 * The orders' rows kept for the books (amounts, lines, dates, region), without the person: the delivery's name,
 * phone, street, postcode and company erased, the receipt's reference cleared (its file goes after commit), the open
 * payment pages' addresses dropped; their timelines and the audit log's entries about them scrubbed of the person's
 * texts.
 */
export async function eraseOrders(db: Db, userId: number, texts: string[], at: string): Promise<void> {
  const orders = await db.selectFrom('orders').select(['id', 'order_no']).where('user_id', '=', userId).execute();
  await db
    .updateTable('orders')
    .set({
      receiver_name: '',
      phone: '',
      address: '',
      zip: '',
      company: null,
      receipt_path: null,
      address_erased_at: at,
    })
    .where('user_id', '=', userId)
    .execute();
  const orderIds = orders.map((o) => o.id);
  if (orderIds.length) {
    await db.updateTable('checkout_sessions').set({ url: null }).where('order_id', 'in', orderIds).execute();
    const events = await db.selectFrom('order_events').select('id').where('order_id', 'in', orderIds).execute();
    await scrubColumn(
      db,
      'order_events',
      'details',
      events.map((e) => e.id),
      texts,
    );
  }
  const orderNos = orders.map((o) => o.order_no);
  const entries = await db
    .selectFrom('audit_log')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('entity_id', '=', String(userId)),
          eb('entity', 'in', ['customer', 'agent', 'commission', 'payout']),
        ]),
        ...(orderNos.length ? [eb('order_no', 'in', orderNos)] : []),
      ]),
    )
    .execute();
  const ids = entries.map((e) => e.id);
  await scrubColumn(db, 'audit_log', 'before_json', ids, texts);
  await scrubColumn(db, 'audit_log', 'after_json', ids, texts);
}

/**
 * What the account had apart from its orders: deleted (sessions, e-mailed links, signals, alerts, outboxes, holds,
 * its own visit statistics, its rate-limit counters) or emptied (addresses a subscription still names, exchange notes
 * and photos, saved cards, payout bank details, reviews' author), and its downlines detached.
 */
export async function eraseAccountData(db: Db, userId: number, email: string, at: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_signals').where('user_id', '=', userId).execute();
  await db.deleteFrom('stock_alerts').where('user_id', '=', userId).execute();
  // Marketing choices and the lines told "Running low?" (docs/decisions/056): nothing is sent to a deleted account.
  await db.deleteFrom('marketing_consents').where('user_id', '=', userId).execute();
  await db.deleteFrom('reorder_reminders').where('user_id', '=', userId).execute();
  // The saved cart (docs/decisions/052) and the copies of the account's data (docs/decisions/051, files removed
  // after commit with the uploads).
  await db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
  await db.deleteFrom('carts').where('user_id', '=', userId).execute();
  await db.deleteFrom('data_exports').where('user_id', '=', userId).execute();
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('mail_outbox')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('to_address', '=', email)]))
    .execute();
  await db.deleteFrom('cash_reward_holds').where('user_id', '=', userId).execute();
  await db.deleteFrom('coupon_applications').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('rate_limits')
    .where((eb) => eb.or([eb('key', 'like', `%:user:${userId}`), eb('key', 'like', `%:user:${userId}:%`)]))
    .execute();
  // Subscriptions end; an address a subscription still names is emptied (the row must stay), the others go.
  await db
    .updateTable('subscriptions')
    .set({ status: 'cancelled', updated_at: at })
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .execute();
  const named = db.selectFrom('subscriptions').select('address_id').where('user_id', '=', userId);
  await db
    .updateTable('addresses')
    .set({ receiver_name: '', phone: '', address: '', city: '', zip: '', company: null, updated_at: at })
    .where('user_id', '=', userId)
    .where('id', 'in', named)
    .execute();
  await db.deleteFrom('addresses').where('user_id', '=', userId).where('id', 'not in', named).execute();
  await db
    .updateTable('saved_cards')
    .set((eb) => ({ removed_at: eb.fn.coalesce('removed_at', sql<string>`${at}`), brand: null, last4: null }))
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('exchange_requests')
    .set({ note: null, photo_key: null })
    .where('user_id', '=', userId)
    .execute();
  await db.updateTable('reviews').set({ nickname: FORMER_CUSTOMER }).where('user_id', '=', userId).execute();
  await db
    .updateTable('payout_requests')
    .set({ bank_name: null, bank_account_name: null, bank_account_number: null })
    .where('agent_id', '=', userId)
    .execute();
  await db
    .updateTable('payout_requests')
    .set({ status: 'rejected', reject_reason: 'Account deleted', decided_at: at })
    .where('agent_id', '=', userId)
    .where('status', '=', 'requested')
    .execute();
  await db
    .updateTable('referral_awards')
    .set({ status: 'refused', decided_at: at })
    .where('referrer_id', '=', userId)
    .where('status', '=', 'on_hold')
    .execute();
  await eraseVisits(db, userId);
  await db.updateTable('users').set({ upline_id: null, updated_at: at }).where('upline_id', '=', userId).execute();
}

/** Its own links' visits go (nobody reads them any more); visits it made keep counting for their referrer, unkeyed. */
async function eraseVisits(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('referral_visits').where('referrer_id', '=', userId).execute();
  const telegram = await db.selectFrom('users').select('telegram_user_id').where('id', '=', userId).executeTakeFirst();
  await db
    .updateTable('referral_visits')
    .set({ visitor_key: null })
    .where((eb) =>
      eb.or([
        eb('converted_user_id', '=', userId),
        ...(telegram?.telegram_user_id ? [eb('visitor_key', '=', `tg:${telegram.telegram_user_id}`)] : []),
      ]),
    )
    .execute();
}

/**
 * The account's row, kept for the orders, commissions and ledger that name it, without the person: "Former customer
 * #id", unique placeholders for the e-mail, phone and referral code (so the same e-mail or phone can register again),
 * no password, link, bank details or notes.
 */
export async function anonymizeAccount(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      nickname: formerCustomerName(userId),
      email: `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`,
      phone: `deleted-${userId}`,
      password_hash: '',
      referral_code: `deleted-${userId}`,
      upline_id: null,
      joined_via: null,
      is_agent: 0,
      telegram_user_id: null,
      telegram_username: null,
      telegram_name: null,
      bank_name: null,
      bank_account_name: null,
      bank_account_number: null,
      bank_changed_at: null,
      notify_orders: 0,
      notify_email: 0,
      email_confirmed_at: null,
      remark: null,
      deleted_at: at,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
}
