import type { Db } from '../db/connection';
import { type FileStore, isFileKey } from '../files/store';
import * as read from './gather-repository';
import * as marketing from './marketing-repository';

/**
 * The copy's contents (docs/decisions/051): `data` becomes data.json, `uploads` the customer's own files (transfer
 * receipts, exchange photos) beside it, named by what they belong to. What each section holds and what is left out is
 * in ./coverage.ts. Another customer appears only as "downline N" (their join date and how they joined); a staff
 * member only as "staff".
 */

export interface ExportUpload {
  /** The path inside the ZIP, e.g. `uploads/receipts/T1A2B3.jpg`. */
  name: string;
  /** The file store's key: the bytes are read when the ZIP is written (./archive.ts), one file at a time. */
  key: string;
  size: number;
}

export interface GatheredCopy {
  data: Record<string, unknown>;
  uploads: ExportUpload[];
}

/** Who did something to an order, as the copy says it: a staff member's e-mail is another person's data. */
const KNOWN_ACTORS = new Set(['customer', 'system', 'telegram', 'command line', 'card']);
const actorOf = (actor: string) => (KNOWN_ACTORS.has(actor) ? actor : 'staff');

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1).toLowerCase();
const flag = (n: number) => n === 1;

/**
 * A stored upload of the customer, by its size (its bytes are read later, into the ZIP); a key the store does not have
 * (deleted by retention) is left out.
 */
async function upload(files: FileStore, key: string | null, name: string): Promise<ExportUpload | null> {
  if (!key || !isFileKey(key)) return null;
  const file = await files.get(key);
  if (!file) return null;
  file.stream.destroy();
  return { name: `${name}.${extOf(key)}`, key, size: file.size };
}

/** The customer's data and uploads, or null when there is no such customer. */
export async function gatherCopy(
  db: Db,
  files: FileStore,
  userId: number,
  madeAt: string,
): Promise<GatheredCopy | null> {
  const me = await read.profile(db, userId);
  if (!me) return null;
  const downlines = await read.downlines(db, userId);
  const orders = await read.orders(db, userId);
  const downlineNo = new Map(downlines.map((d, i) => [d.id, i + 1]));
  const ordersSection = await ordersWithLines(db, userId, orders);
  const receipts: ExportUpload[] = [];
  for (const order of orders) {
    const file = await upload(files, order.receipt_path, `uploads/receipts/${order.order_no}`);
    if (file) receipts.push(file);
    const entry = ordersSection.find((o) => o.id === order.id);
    if (entry) entry.receipt_file = file?.name ?? null;
  }
  const exchanges = [];
  const photos: ExportUpload[] = [];
  for (const { photo_key, ...request } of await read.exchanges(db, userId)) {
    const file = await upload(files, photo_key, `uploads/exchanges/${request.id}`);
    if (file) photos.push(file);
    exchanges.push({ ...request, photo_file: file?.name ?? null });
  }
  const data = {
    about: {
      made_at: madeAt,
      shop: 'Leaf & Cup',
      notes:
        'Money is in integer cents (1234 = 12.34). Times are UTC. Other customers appear only as "downline N"; staff as "staff".',
    },
    profile: await profileSection(db, me),
    addresses: (await read.addresses(db, userId)).map((a) => ({ ...a, is_default: flag(a.is_default) })),
    orders: ordersSection,
    coupons: { used: await read.couponsUsed(db, userId), applied: await read.couponsApplied(db, userId) },
    reviews: await read.reviews(db, userId),
    cash_reward: {
      balance_cents: me.cash_balance_cents,
      held_for_checkout: (await read.cashRewardHold(db, userId)) ?? null,
      ledger: await read.cashRewards(db, userId),
    },
    subscriptions: await read.subscriptions(db, userId),
    saved_cards: await read.savedCards(db, userId),
    stock_alerts: await read.stockAlerts(db, userId),
    cart: await read.cartLines(db, userId),
    exchanges,
    referral: await referralSection(db, me, downlines, downlineNo),
    affiliate: await affiliateSection(db, me, downlineNo),
    security: {
      sessions: await read.sessions(db, userId),
      email_links: await read.emailLinks(db, userId),
      signals: await read.signals(db, userId),
    },
    messages: {
      bot: await read.botMessages(db, userId),
      email: await read.emails(db, userId),
      reorder_reminders: await marketing.reorderReminders(db, userId),
    },
  };
  return { data, uploads: [...receipts, ...photos] };
}

type Me = NonNullable<Awaited<ReturnType<typeof read.profile>>>;

async function profileSection(db: Db, me: Me) {
  const staff = await read.staffRole(db, me.id);
  return {
    id: me.id,
    nickname: me.nickname,
    email: me.email,
    email_confirmed_at: me.email_confirmed_at,
    phone: me.phone,
    language: me.language,
    remark: me.remark,
    joined_at: me.created_at,
    updated_at: me.updated_at,
    staff_role: staff?.role ?? null,
    telegram: {
      linked: me.telegram_user_id !== null,
      user_id: me.telegram_user_id,
      username: me.telegram_username,
      name: me.telegram_name,
    },
    // What the customer agreed to be told, and where (the consents the shop keeps; a card saved for renewals is in
    // orders[].save_card_consent_at and saved_cards).
    preferences: {
      order_news_by_telegram: flag(me.notify_orders),
      order_news_by_email: flag(me.notify_email),
      // Marketing messages (docs/decisions/056): every yes or no, oldest first; the last one stands.
      marketing_choices: (await marketing.marketingChoices(db, me.id)).map((c) => ({ ...c, granted: flag(c.granted) })),
    },
  };
}

type Order = Awaited<ReturnType<typeof read.orders>>[number];

async function ordersWithLines(db: Db, userId: number, orders: Order[]) {
  const [lines, payments, refunds, events, charges] = [
    await read.orderLines(db, userId),
    await read.payments(db, userId),
    await read.refunds(db, userId),
    await read.orderEvents(db, userId),
    await read.renewalCharges(db, userId),
  ];
  const of = <T extends { order_id: number }>(rows: T[], orderId: number) =>
    rows.filter((r) => r.order_id === orderId).map(({ order_id: _, ...rest }) => rest);
  return orders.map(({ receipt_path: _, ...order }) => ({
    ...order,
    receipt_file: null as string | null,
    lines: of(lines, order.id),
    payments: of(payments, order.id),
    refunds: of(refunds, order.id),
    card_charges: of(charges, order.id),
    timeline: of(events, order.id).map((e) => ({ ...e, actor: actorOf(e.actor) })),
  }));
}

async function referralSection(
  db: Db,
  me: Me,
  downlines: Awaited<ReturnType<typeof read.downlines>>,
  downlineNo: Map<number, number>,
) {
  return {
    code: me.referral_code,
    joined_via: me.joined_via,
    has_upline: me.upline_id !== null,
    visits: (await read.referralVisits(db, me.id)).map((v) => ({ ...v, converted: flag(v.converted) })),
    downlines: downlines.map((d) => ({
      downline: downlineNo.get(d.id)!,
      joined_at: d.created_at,
      joined_via: d.joined_via,
    })),
    awards: (await read.referralAwards(db, me.id)).map(({ member_id, ...award }) => ({
      ...award,
      downline: downlineNo.get(member_id) ?? null,
    })),
  };
}

async function affiliateSection(db: Db, me: Me, downlineNo: Map<number, number>) {
  return {
    is_agent: flag(me.is_agent),
    commission_rate_bp: me.commission_rate_bp,
    commissions: (await read.commissions(db, me.id)).map(({ downline_id, ...c }) => ({
      ...c,
      downline: downlineNo.get(downline_id) ?? null,
    })),
    payout_requests: await read.payoutRequests(db, me.id),
    bank_settings: {
      bank_name: me.bank_name,
      account_name: me.bank_account_name,
      account_number: me.bank_account_number,
      changed_at: me.bank_changed_at,
    },
  };
}
