import type { Lang } from '../../common/contract/lang';
import type { BuyAgainLine, BuyAgainProblem } from '../../common/contract/orders';
import { cartLineParts } from '../cart/line-view';
import { cartHolding, mergeLine, sellableStock } from '../cart/merge';
import { type CartInput, cartPackagings, isOnSale } from '../cart/service';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import * as repo from './repository';
import { getOwnOrder, pick } from './service';

/**
 * Buy again (contract `buyAgain`): which lines of the user's order go back into the cart, at today's prices
 * and stock, merged with `cart` (what the client holds) by the cart's rules, and which cannot, with why.
 * One transaction, so the order and the packagings are read together; nothing is written.
 */
export async function buyAgain(
  db: Db,
  user: User,
  orderId: number,
  cart: readonly CartInput[],
  lang: Lang,
): Promise<{ added: BuyAgainLine[]; problems: BuyAgainProblem[] }> {
  return db.transaction().execute(async (trx) => {
    const order = await getOwnOrder(trx, user, orderId);
    const items = await repo.orderItems(trx, order.id);
    // One line per packaging: a one-time and a subscription line of the same packaging both come back one-time.
    const wanted = new Map<number, { item: (typeof items)[number]; quantity: number; subscription: boolean }>();
    for (const item of items) {
      const entry = wanted.get(item.variant_id);
      if (entry) {
        entry.quantity += item.quantity;
        entry.subscription ||= item.frequency_weeks > 0;
      } else {
        wanted.set(item.variant_id, { item, quantity: item.quantity, subscription: item.frequency_weeks > 0 });
      }
    }
    const packagings = new Map((await cartPackagings(trx, [...wanted.keys()])).map((p) => [p.variant_id, p]));
    const holding = cartHolding(cart);
    const added: BuyAgainLine[] = [];
    const problems: BuyAgainProblem[] = [];

    for (const { item, quantity, subscription } of wanted.values()) {
      const row = packagings.get(item.variant_id);
      const problem = (reason: BuyAgainProblem['reason'], left = 0): BuyAgainProblem => ({
        product_id: item.product_id,
        variant_id: item.variant_id,
        name: row ? pick(lang, row.name_en, row.name_zh) : pick(lang, item.name_en, item.name_zh),
        variant_name: row
          ? pick(lang, row.variant_name_en, row.variant_name_zh)
          : pick(lang, item.variant_name_en, item.variant_name_zh),
        reason,
        left,
      });
      if (!row || !isOnSale(row, item.product_id)) {
        problems.push(problem('no_longer_sold'));
        continue;
      }
      const stock = sellableStock(row, item.product_id);
      const merged = mergeLine(holding, { ...item, frequency_weeks: 0 }, quantity, stock);
      if (!merged.ok) {
        problems.push(problem(merged.reason, merged.reason === 'only_left' ? stock : 0));
        continue;
      }
      if (merged.capped) problems.push(problem('only_left', stock));
      added.push({
        ...cartLineParts(row, lang, stock),
        quantity: merged.quantity,
        ordered_quantity: quantity,
        was_subscription: subscription,
      });
    }
    return { added, problems };
  });
}
