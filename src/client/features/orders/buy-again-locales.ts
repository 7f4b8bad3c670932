import { addTranslations } from '@/lib/i18n/i18n';

/** "Buy again" on a past order (namespace `buy-again`). */
export const en = {
  button: 'Buy again',
  buttonFor: 'Buy again: order {{no}}',
  working: 'Adding…',
  workingFor: 'Adding order {{no}} to your cart…',
  allAdded: 'Added to cart',
  someAdded_one: '{{count}} item was added to your cart.',
  someAdded_other: '{{count}} items were added to your cart.',
  noneAdded: 'Nothing from this order could be added to your cart.',
  reasons: {
    no_longer_sold: '{{name}} ({{variant}}) is no longer sold',
    out_of_stock: '{{name}} ({{variant}}) is out of stock',
    only_left_one: '{{name}} ({{variant}}): only {{count}} left',
    only_left_other: '{{name}} ({{variant}}): only {{count}} left',
    cart_full: '{{name}} ({{variant}}): your cart is full',
  },
  asOneTime: '{{name}} ({{variant}}) was added as a one-time purchase, not a subscription',
  goToCart: 'Go to cart',
  dismiss: 'Close',
  failed: 'Could not add this order to your cart. Try again.',
};

const zh: typeof en = {
  button: '再来一单',
  buttonFor: '再来一单：订单 {{no}}',
  working: '正在加入…',
  workingFor: '正在将订单 {{no}} 加入购物车…',
  allAdded: '已加入购物车',
  someAdded_one: '已将 {{count}} 件商品加入购物车。',
  someAdded_other: '已将 {{count}} 件商品加入购物车。',
  noneAdded: '此订单中的商品都无法加入购物车。',
  reasons: {
    no_longer_sold: '{{name}}（{{variant}}）已停售',
    out_of_stock: '{{name}}（{{variant}}）缺货',
    only_left_one: '{{name}}（{{variant}}）：仅剩 {{count}} 件',
    only_left_other: '{{name}}（{{variant}}）：仅剩 {{count}} 件',
    cart_full: '{{name}}（{{variant}}）：购物车已满',
  },
  asOneTime: '{{name}}（{{variant}}）已作为单次购买加入，而非订阅',
  goToCart: '去购物车',
  dismiss: '关闭',
  failed: '无法将此订单加入购物车，请重试。',
};

addTranslations('buy-again', { en, zh });
