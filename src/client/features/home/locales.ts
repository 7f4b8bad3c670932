import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the home page. */
export const en = {
  hero: {
    label: 'Featured',
    slide: 'Slide {{n}} of {{total}}',
    goTo: 'Show slide {{n}} of {{total}}',
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause the slideshow',
    play: 'Play the slideshow',
    shopNow: 'Shop now',
  },
  bestSellers: {
    title: 'Best Sellers',
    seeAll: 'See all best sellers',
    loadFailed: 'Could not load the best sellers.',
    retry: 'Try again',
  },
  claims: {
    label: 'Why Leaf & Cup',
    customers: '25,000+ customers',
    discount: 'Up to 60% off',
    years: '7 years in business',
    stock: 'Sufficient stock',
  },
};

export const zh: typeof en = {
  hero: {
    label: '精选推荐',
    slide: '第 {{n}} 张，共 {{total}} 张',
    goTo: '显示第 {{n}} 张，共 {{total}} 张',
    previous: '上一张',
    next: '下一张',
    pause: '暂停轮播',
    play: '播放轮播',
    shopNow: '立即选购',
  },
  bestSellers: {
    title: '畅销精选',
    seeAll: '查看全部畅销商品',
    loadFailed: '畅销商品加载失败。',
    retry: '重试',
  },
  claims: {
    label: '为什么选择 Leaf & Cup',
    customers: '25,000+ 位顾客',
    discount: '低至四折',
    years: '七年用心经营',
    stock: '库存充足',
  },
};

addTranslations('home', { en, zh });
