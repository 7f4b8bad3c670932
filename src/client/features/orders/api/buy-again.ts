import type { BuyAgainReason } from '@common/contract/orders';
import { useMutation } from '@tanstack/react-query';
import { lineFromProduct } from '@/entities/cart/cart-rules';
import { useCart } from '@/entities/cart/cart-store';
import { api } from '@/lib/api/client';

export interface BuyAgainNotice {
  name: string;
  variant: string;
}

/** What Buy again did: units added per line, what could not be added and why, subscriptions added one-time. */
export interface BuyAgainReport {
  addedUnits: number;
  addedLines: number;
  problems: Array<BuyAgainNotice & { reason: BuyAgainReason; left: number }>;
  asOneTime: BuyAgainNotice[];
}

/**
 * Asks the server which lines of the order can go back into the cart (it merges them with the cart sent, by the
 * cart's rules, at today's prices and stock) and adds them, one-time. A line the cart refuses after all (it
 * changed meanwhile, e.g. in another tab) is reported with the stock left.
 */
export async function buyAgain(orderId: number): Promise<BuyAgainReport> {
  const items = useCart.getState().lines.map((l) => ({
    product_id: l.product_id,
    variant_id: l.variant_id,
    quantity: l.quantity,
    frequency_weeks: l.frequency_weeks,
  }));
  const answer = await api('/v1/buy-again', { order_id: orderId, items });
  const report: BuyAgainReport = {
    addedUnits: 0,
    addedLines: 0,
    problems: answer.problems.map((p) => ({ name: p.name, variant: p.variant_name, reason: p.reason, left: p.left })),
    asOneTime: [],
  };
  for (const line of answer.added) {
    const notice = { name: line.product.name, variant: line.packaging.name };
    const outcome = useCart.getState().add(lineFromProduct(line.product, line.packaging, 0, line.quantity));
    if (!outcome.ok) {
      report.problems.push({ ...notice, reason: 'only_left', left: line.packaging.stock });
      continue;
    }
    report.addedUnits += line.quantity;
    report.addedLines += 1;
    if (line.was_subscription) report.asOneTime.push(notice);
  }
  return report;
}

export const useBuyAgain = () => useMutation({ mutationFn: buyAgain });
