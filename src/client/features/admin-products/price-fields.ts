import { isValidDiscount, isValidPrice } from '@common/catalogue-rules';
import { parseDollarsToCents } from '@common/money';

/**
 * The packaging price fields' checks (typed in dollars), the server's rule (src/common/catalogue-rules.ts): a price is
 * $0.01 to $1,000,000.00, a discount price empty or a valid price below it. Each answers whether the text passes.
 */
export function priceTextValid(text: string): boolean {
  const cents = parseDollarsToCents(text);
  return cents !== null && isValidPrice(cents);
}

export function discountTextValid(text: string, priceText: string): boolean {
  if (!text.trim()) return true;
  const discount = parseDollarsToCents(text);
  if (discount === null) return false;
  const price = parseDollarsToCents(priceText);
  // An unreadable price is reported at the price; the discount is then only checked to be a valid price.
  return price === null ? isValidPrice(discount) : isValidDiscount(price, discount);
}
