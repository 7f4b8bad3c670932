import type { CartLineInput } from '../../../../src/client/features/cart/cart-rules';

/** A cart line of product `productId`, packaging `variantId`, one-time, $12.50 a unit, 5 in stock. */
export function lineInput(overrides: Partial<CartLineInput> = {}): CartLineInput {
  const productId = overrides.product_id ?? 7;
  return {
    product_id: productId,
    variant_id: productId * 10 + 1,
    frequency_weeks: 0,
    quantity: 1,
    stock_balance: 5,
    unit_price: 1250,
    has_discount: false,
    discount_price: null,
    image: `/images/products/tea-${productId}.svg`,
    name: `Tea ${productId}`,
    translations: [{ name: `Tea ${productId}` }, { name: `茶 ${productId}` }],
    variant_name: '50 g Pouch',
    variant_translations: [{ name: '50 g Pouch' }, { name: '50克袋装' }],
    ...overrides,
  };
}
