import type { AdminCustomerDetail, AdminCustomerRow } from '../../common/contract/admin/customers';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import { notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { latestOrdersOf } from '../orders/records';
import * as repo from './repository';

/**
 * Customers as staff see them (permission `customers`; docs/decisions/013): read only. The search matches a
 * customer's name (nickname), e-mail or phone anywhere in it, in any case; pages are keyset by id (newest
 * first), so a deep page costs what the first one does.
 */

/** How many of each part of a customer's page are shown (the page says how many there are in all). */
export const LATEST = 20;

export async function searchCustomers(
  db: Db,
  opts: { q?: string; cursor?: number; limit?: number },
): Promise<{ customers: AdminCustomerRow[]; next_cursor: number | null }> {
  const limit = adminLimit(opts.limit);
  const rows = await repo.searchCustomers(db, { q: opts.q?.trim() || undefined, before: opts.cursor, limit });
  const { items, next_cursor } = keysetPage(rows, limit);
  return {
    customers: items.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      email: r.email,
      phone: r.phone,
      joined_at: r.created_at,
      orders_count: Number(r.orders_count ?? 0),
      cash_balance_cents: r.cash_balance_cents,
      is_agent: r.is_agent === 1,
      telegram_linked: r.telegram_user_id !== null,
    })),
    next_cursor,
  };
}

const pick = (lang: Lang, en: string, zh: string) => (lang === 'zh' ? zh : en);

/** One customer's page (404 naming `id` when there is no such account). */
export async function customerDetail(db: Db, userId: number, lang: Lang): Promise<AdminCustomerDetail> {
  const user = await repo.findCustomer(db, userId);
  if (!user) throw notFound('customerNotFound', 'id');
  const [ordersTotal, orders, ledger, upline, downlinesCount, downlines, subscriptions] = await Promise.all([
    repo.countOrders(db, userId),
    latestOrdersOf(db, userId, LATEST),
    repo.latestCashRewards(db, userId, LATEST),
    user.upline_id === null ? Promise.resolve(undefined) : repo.findPerson(db, user.upline_id),
    repo.countDownlines(db, userId),
    repo.latestDownlines(db, userId, LATEST),
    repo.customerSubscriptions(db, userId),
  ]);
  return {
    profile: {
      id: user.id,
      nickname: user.nickname,
      email: user.email,
      phone: user.phone,
      language: user.language,
      joined_at: user.created_at,
      is_agent: user.is_agent === 1,
      commission_rate_bp: user.commission_rate_bp,
      referral_code: user.referral_code,
    },
    telegram: {
      linked: user.telegram_user_id !== null,
      username: user.telegram_username,
      name: user.telegram_name,
    },
    orders: { total: ordersTotal, latest: orders },
    cash_reward: {
      balance_cents: user.cash_balance_cents,
      entries: ledger.map((e) => ({
        id: e.id,
        type: e.type,
        amount_cents: e.amount_cents,
        balance_after_cents: e.balance_after_cents,
        order_no: e.order_no ?? null,
        created_at: e.created_at,
      })),
    },
    referral: {
      upline: upline ?? null,
      downlines_count: downlinesCount,
      downlines: downlines.map((d) => ({ id: d.id, nickname: d.nickname, email: d.email, joined_at: d.created_at })),
    },
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      product: pick(lang, s.name_en, s.name_zh),
      packaging: pick(lang, s.variant_name_en, s.variant_name_zh),
      quantity: s.quantity,
      frequency_weeks: s.frequency_weeks,
      status: s.status,
      next_due_at: s.next_due_at,
    })),
  };
}
