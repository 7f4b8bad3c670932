import type { Lang } from '../../common/contract/lang';

/** The head texts of the server's pages in both languages (docs/decisions/047). */
export const HEAD_TEXTS = {
  en: {
    shop: 'Leaf & Cup',
    description:
      'Leaf & Cup: loose-leaf teas, matcha, accessories and gifts, delivered. Order on the web or in Telegram, 24/7.',
    home: 'Leaf & Cup: loose-leaf tea, matcha and gifts',
    products: 'All teas and accessories',
    category: (name: string) => `${name}: teas and accessories`,
    categoryDescription: (name: string) => `${name} at Leaf & Cup: choose, order on the web or in Telegram.`,
    faq: 'Questions and answers',
    notFound: 'Page not found',
    breadcrumbHome: 'Home',
    breadcrumbProducts: 'Products',
  },
  zh: {
    shop: 'Leaf & Cup',
    description: 'Leaf & Cup：散装茶叶、抹茶、茶具与礼品，送货上门。网页或 Telegram 下单，全天候。',
    home: 'Leaf & Cup：散装茶叶、抹茶与礼品',
    products: '全部茶叶与茶具',
    category: (name: string) => `${name}：茶叶与茶具`,
    categoryDescription: (name: string) => `Leaf & Cup 的${name}：挑选并在网页或 Telegram 下单。`,
    faq: '常见问题',
    notFound: '页面不存在',
    breadcrumbHome: '首页',
    breadcrumbProducts: '商品',
  },
} satisfies Record<Lang, unknown>;

export type HeadTexts = (typeof HEAD_TEXTS)['en'];
