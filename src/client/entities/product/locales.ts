import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the product pieces several screens show (card, price, stock badge, gallery). */
export const en = {
  card: {
    originalPrice: 'Original price',
    salePrice: 'Sale price',
    from: 'From {{price}}',
    rating: 'Rated {{average}} out of 5 by {{count}} reviewers',
  },
  stock: {
    outOfStock: 'Out of stock',
    comingSoon: 'Coming soon',
    readyStock: 'Ready stock',
    onlyLeft: 'Only {{count}} left',
    inStock: 'In stock',
    inStockCount: 'In stock: {{count}} available',
  },
  gallery: {
    label: 'Product images',
    showImage: 'Show image {{n}} of {{total}}',
    fullScreen: 'View images full screen',
    exitFullScreen: 'Exit full screen',
    previous: 'Previous image',
    next: 'Next image',
    position: '{{n}} of {{total}}',
  },
  search: {
    label: 'Search',
    placeholder: 'Search teas',
    submit: 'Search',
  },
};

export const zh: typeof en = {
  card: {
    originalPrice: '原价',
    salePrice: '优惠价',
    from: '{{price}} 起',
    rating: '{{count}} 位顾客评分，平均 {{average}} 分（满分 5 分）',
  },
  stock: {
    outOfStock: '缺货',
    comingSoon: '即将上市',
    readyStock: '现货',
    onlyLeft: '仅剩 {{count}} 件',
    inStock: '有货',
    inStockCount: '有货：剩余 {{count}} 件',
  },
  gallery: {
    label: '商品图片',
    showImage: '显示第 {{n}} 张图片，共 {{total}} 张',
    fullScreen: '全屏查看图片',
    exitFullScreen: '退出全屏',
    previous: '上一张',
    next: '下一张',
    position: '第 {{n}} 张，共 {{total}} 张',
  },
  search: {
    label: '搜索',
    placeholder: '搜索茶品',
    submit: '搜索',
  },
};

addTranslations('product', { en, zh });
