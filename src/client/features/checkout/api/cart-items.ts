import type { CartItem } from '@common/contract/checkout';
import type { CartLine } from '@/entities/cart/cart-rules';

/** The cart as the contract takes it: ids, quantity and frequency only (the server prices every line). */
export type CheckoutItem = { product_id: number; variant_id: number; quantity: number; frequency_weeks?: number };

export function toCheckoutItems(lines: readonly CartLine[]): CheckoutItem[] {
  return lines.map((l): CheckoutItem & CartItem => ({
    product_id: l.product_id,
    variant_id: l.variant_id,
    quantity: l.quantity,
    frequency_weeks: l.frequency_weeks,
  }));
}

/** A stable text key of the cart for react-query keys. */
export const itemsKey = (items: readonly CheckoutItem[]): string =>
  items.map((i) => `${i.product_id}:${i.variant_id}:${i.frequency_weeks ?? 0}x${i.quantity}`).join(',');
