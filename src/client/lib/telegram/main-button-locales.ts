import { addTranslations } from '../i18n/i18n';

/**
 * The MainButton's labels (docs/decisions/008), namespace `telegram`. Apart from the rest of the namespace
 * (locales.ts, linking and invoices) because every screen with a MainButton loads them, in a browser too: the product
 * page's first load then carries these three, not the whole namespace (1.8 KB gzip less).
 */
export const en = {
  addToCart: 'Add to cart',
  checkoutTotal: 'Checkout · {{total}}',
  placeOrderTotal: 'Place order · {{total}}',
};

export const zh: typeof en = {
  addToCart: '加入购物车',
  checkoutTotal: '结账 · {{total}}',
  placeOrderTotal: '下单 · {{total}}',
};

addTranslations('telegram', { en, zh });
