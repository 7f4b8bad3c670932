import type { AdminDashboardOutput, DashboardDay, DashboardFigure } from '../../common/contract/admin/dashboard';
import type { Lang } from '../../common/contract/lang';
import { can, type StaffRole } from '../../common/staff-rules';
import { backupStatus } from '../backups/schedule';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { openExchangeRequests } from '../exchanges/service';
import { lastShopDays } from '../lib/shop-days';
import { shopSettings } from '../settings/service';
import * as repo from './repository';

/**
 * The back office's dashboard (docs/decisions/013; revenue defined in src/common/contract/admin/dashboard.ts): what
 * needs doing now for every staff member, payout requests only for roles with `affiliates`, and the figures only for
 * roles with `reports`.
 */

/** How many packagings the low-stock card lists (the count covers them all). */
export const LOW_STOCK_LIST = 20;
/** How many orders the payments-needing-a-person list shows (the count covers them all). */
export const PAYMENT_ATTENTION_LIST = 20;
/** The revenue chart's length, in shop days (today last). */
export const SERIES_DAYS = 30;

const figure = (days: DashboardDay[]): DashboardFigure => {
  const revenue = days.reduce((s, d) => s + d.revenue_cents, 0);
  const orders = days.reduce((s, d) => s + d.orders, 0);
  return { revenue_cents: revenue, orders, average_order_cents: orders ? Math.round(revenue / orders) : 0 };
};

/** Revenue, orders and average order value for today, 7 and 30 shop days, and the revenue of each of the 30 days. */
export async function dashboardFigures(db: Db, timezone: string, nowMs: number = Date.now()) {
  const days = lastShopDays(timezone, nowMs, SERIES_DAYS);
  const byDay = new Map((await repo.revenueByDay(db, days)).map((r) => [r.day, r]));
  const series: DashboardDay[] = days.map((d, i) => ({
    date: d.date,
    revenue_cents: byDay.get(i)?.revenue_cents ?? 0,
    orders: byDay.get(i)?.orders ?? 0,
  }));
  return {
    timezone,
    today: figure(series.slice(-1)),
    days_7: figure(series.slice(-7)),
    days_30: figure(series),
    revenue_per_day: series,
  };
}

export async function dashboard(
  db: Db,
  opts: {
    role: StaffRole;
    lang: Lang;
    timezone: string;
    nowMs?: number;
    /** Where scheduled backups go: their status is shown to roles with `settings`. */
    backups?: Pick<Config, 'BACKUP_DIR' | 'BACKUP_URL'>;
  },
): Promise<AdminDashboardOutput> {
  const settings = await shopSettings(db);
  const [receipts, paid, payouts, exchanges, lowStock, attention, figures] = await Promise.all([
    repo.countReceiptsToCheck(db),
    repo.countPaidToPack(db),
    can(opts.role, 'affiliates') ? repo.countPayoutRequestsWaiting(db) : undefined,
    openExchangeRequests(db),
    repo.lowStock(db, opts.lang, settings.lowStockDefault, LOW_STOCK_LIST),
    repo.paymentsNeedingAttention(db, PAYMENT_ATTENTION_LIST),
    can(opts.role, 'reports') ? dashboardFigures(db, opts.timezone, opts.nowMs) : undefined,
  ]);
  const backups = opts.backups && can(opts.role, 'settings') ? await backupStatus(db, opts.backups) : undefined;
  return {
    todo: {
      receipts_to_check: receipts,
      paid_to_pack: paid,
      ...(payouts === undefined ? {} : { payout_requests: payouts }),
      exchange_requests: exchanges,
      low_stock: lowStock,
      payment_attention: attention,
    },
    ...(figures ? { figures } : {}),
    ...(backups ? { backups } : {}),
  };
}
