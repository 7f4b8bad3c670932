import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the cart's sync with the server (docs/decisions/052), loaded with it. */
export const en = {
  mergeProblems: 'Some items could not be added to your cart: {{items}}',
  notSavedYet: "Your cart could not be saved yet. We'll keep trying.",
  couldNotSave: 'Your cart could not be saved. Please check it.',
};

export const zh: typeof en = {
  mergeProblems: '部分商品未能加入购物车：{{items}}',
  notSavedYet: '购物车暂未保存，我们会继续重试。',
  couldNotSave: '购物车未能保存，请检查购物车。',
};

addTranslations('cartSync', { en, zh });
