import { addTranslations } from '@/lib/i18n/i18n';

/** The one-time "add to home screen" offer after the first order, inside Telegram (namespace `home-screen`). */
export const en = {
  title: 'Add Leaf & Cup to your home screen',
  hint: 'Open the shop in one tap next time.',
  add: 'Add to home screen',
  notNow: 'Not now',
};

const zh: typeof en = {
  title: '将 Leaf & Cup 添加到主屏幕',
  hint: '下次一键打开商店。',
  add: '添加到主屏幕',
  notNow: '以后再说',
};

addTranslations('home-screen', { en, zh });
