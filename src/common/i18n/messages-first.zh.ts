import type { firstEn } from './messages-first.en';

/** The first screens' server messages in Chinese (see messages-first.en.ts). Loaded only when the shop is in Chinese. */
export const firstZh: Record<keyof typeof firstEn, string> = {
  notEnoughStock: '库存不足',
  ageRefused: '抱歉，您未达到进入本网站的年龄。',
};
