import type { Lang } from '../../common/contract/lang';
import { unitPriceCents } from '../../common/pricing';
import { cartStillReminded, readCart } from '../cart/saved-cart';
import type { Db } from '../db/connection';
import * as repo from './repository';
import { marketingAllowed } from './service';

/**
 * What a reminder says, read when it is sent (docs/decisions/056), for the bot (telegram/bot/reminders.ts) and the
 * e-mail (mail/templates/reminders.tsx) alike: a message queued and then made pointless — the cart emptied or ordered,
 * marketing turned off, the product gone — is skipped (null), never sent stale.
 */

export interface CartReminderView {
  /** The lines that can be bought now, in the cart's order, at today's prices. */
  lines: Array<{ name: string; packaging: string; quantity: number; frequencyWeeks: number; totalCents: number }>;
  totalCents: number;
  /** The first line's picture (a shop URL). */
  image: string;
}

/** The cart a reminder queued at `remindedAt` is about, or null when it is no longer due. */
export async function cartReminderView(
  db: Db,
  params: { userId: number; remindedAt: string },
  lang: Lang,
): Promise<CartReminderView | null> {
  if (!(await cartStillReminded(db, params.userId, params.remindedAt))) return null;
  if (!(await marketingAllowed(db, params.userId))) return null;
  const cart = await readCart(db, params.userId, lang);
  const buyable = cart.lines.filter((l) => l.packaging.stock > 0);
  const first = buyable[0];
  if (!first) return null;
  const lines = buyable.map((l) => ({
    name: l.product.name,
    packaging: l.packaging.name,
    quantity: l.quantity,
    frequencyWeeks: l.frequency_weeks,
    totalCents: unitPriceCents(l.packaging, l.frequency_weeks) * l.quantity,
  }));
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.totalCents, 0), image: first.product.image };
}

export interface ReorderReminderView {
  product: { id: number; name: string; image: string; subscribable: boolean };
  days: number;
}

/** Whether a product may be offered again: shown, on sale, with units. */
export const offerable = (p: { is_active: number; stock_state: string; stock_total: number }) =>
  p.is_active === 1 && p.stock_state === 'in_stock' && p.stock_total > 0;

/** The product a "Running low?" reminder is about, or null when it is no longer due. */
export async function reorderReminderView(
  db: Db,
  params: { userId: number; orderItemId: number; productId: number; days: number },
  lang: Lang,
): Promise<ReorderReminderView | null> {
  if (!(await repo.reorderLineTold(db, params.orderItemId))) return null;
  if (!(await marketingAllowed(db, params.userId))) return null;
  const product = await repo.reminderProduct(db, params.productId);
  if (!product || !offerable(product)) return null;
  return {
    product: {
      id: product.id,
      name: lang === 'zh' ? product.name_zh || product.name_en : product.name_en,
      image: product.image,
      subscribable: product.subscribable === 1,
    },
    days: params.days,
  };
}
