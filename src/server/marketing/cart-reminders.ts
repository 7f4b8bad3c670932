import { REMINDER_LATE_DAYS } from '../../common/marketing-rules';
import { cartsToRemind, markCartReminded } from '../cart/saved-cart';
import { createIntervalJob, type IntervalJob, type JobRound } from '../lib/interval-job';
import { addDays, addMinutes } from '../lib/time';
import { shopSettings } from '../settings/service';
import { inTransaction, type Shop } from '../shop';
import * as repo from './repository';
import { channelOf, queueReminder } from './send';
import { marketingAllowed } from './service';

/**
 * The abandoned-cart reminder (docs/decisions/056): a logged-in customer whose saved cart (docs/decisions/052) has
 * lines and has not changed — nor an order been placed — for the owner's `abandoned_cart_hours` gets one reminder for
 * that cart: by the bot when linked to Telegram, else by e-mail to a confirmed address; never without their marketing
 * consent, never for a guest (a guest has no saved cart). Off until the owner turns it on in Settings.
 *
 * Once per cart: the cart is marked (`carts.reminded_at`) by a conditional update in the transaction that queues the
 * message, so two rounds at once (two instances, a lease taken over) remind it once. The mark stays while the cart
 * changes and goes when the cart is emptied or ordered from (cart/): a cart changed after its reminder is not
 * reminded again until then. The job runs on one instance at a time (its lease, docs/decisions/024).
 */

const INTERVAL_MS = 10 * 60_000;
const PAGE = 100;

export interface CartReminderReport {
  reminded: number;
  /** Carts looked at and left: no consent, nowhere to send, an order since, or changed meanwhile. */
  skipped: number;
}

const NO_ROUND: JobRound = { extend: async () => undefined };

/** One round at `now`. */
export async function remindAbandonedCarts(
  shop: Shop,
  now: Date = shop.clock(),
  round: JobRound = NO_ROUND,
): Promise<CartReminderReport> {
  const report: CartReminderReport = { reminded: 0, skipped: 0 };
  const settings = await shopSettings(shop.db);
  if (!settings.marketing.abandoned_cart_reminders) return report;
  const at = now.toISOString();
  const before = addMinutes(at, -settings.abandonedCartHours * 60);
  // A cart idle for longer than that by more than REMINDER_LATE_DAYS (the reminder was just switched on) is left.
  const since = addDays(before, -REMINDER_LATE_DAYS);
  let after: { updated_at: string; user_id: number } | null = null;
  for (;;) {
    const carts = await cartsToRemind(shop.db, { since, before, after, limit: PAGE });
    for (const cart of carts) {
      await round.extend();
      if (await remindCart(shop, cart, before, at)) report.reminded += 1;
      else report.skipped += 1;
    }
    if (carts.length < PAGE) return report;
    after = carts.at(-1) ?? null;
  }
}

/** One cart: its reminder queued (true), or left for a reason of the moment (false). */
async function remindCart(
  shop: Shop,
  cart: { user_id: number; updated_at: string },
  before: string,
  at: string,
): Promise<boolean> {
  const who = await repo.recipient(shop.db, cart.user_id);
  if (!who) return false;
  const channel = channelOf(who, shop);
  if (!channel || !(await marketingAllowed(shop.db, who.id))) return false;
  if (await repo.orderedSince(shop.db, who.id, before)) return false;
  return inTransaction(shop, async (tx) => {
    if (!(await markCartReminded(tx.db, cart.user_id, cart.updated_at, at))) return false;
    const params = { userId: who.id, remindedAt: at };
    await queueReminder(tx, who, channel, { kind: 'cart_reminder', params, key: `cart-reminder:${who.id}:${at}` }, at);
    return true;
  });
}

export function createCartReminderJob(
  shop: Shop,
  { intervalMs = INTERVAL_MS }: { intervalMs?: number } = {},
): IntervalJob<CartReminderReport> {
  const { db, log } = shop;
  return createIntervalJob({
    name: 'abandoned-cart reminders',
    run: async (now, round) => {
      const report = await remindAbandonedCarts(shop, now, round);
      if (report.reminded) log.info({ ...report }, 'abandoned-cart reminders queued');
      return report;
    },
    intervalMs,
    lease: { db, ttlMs: 5 * 60_000 },
    log,
    metrics: shop.metrics,
  });
}
