import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the cart pieces any screen may use (adding a line). */
export const en = {
  added: 'Added to cart',
};

export const zh: typeof en = {
  added: '已加入购物车',
};

addTranslations('cartLine', { en, zh });
