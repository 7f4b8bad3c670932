import type { Lang } from '@common/contract/lang';
import { firstEn } from '@common/i18n/messages-first.en';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/common.en';
import type { zhStart } from './locales/zh';

/** The Chinese start bundles (locales/zh.ts): the shell's strings and the first screens' server messages. */
export type ZhStart = typeof zhStart;

/** Bundles a module added before i18next started; applied by initI18n. */
const pending: Array<[string, { en: object; zh: object }]> = [];

/**
 * Loads what the first render needs in `lang`, then starts i18next: English is in the entry, Chinese is one chunk
 * fetched first (so a Chinese shop never shows English). In English it starts before returning (the promise is
 * already settled). If the Chinese chunk cannot be loaded, the shop starts in English rather than not at all.
 * The client awaits this before its first render (or hydration).
 */
export function setupI18n(lang: Lang): Promise<typeof i18n> {
  if (lang === 'en') return Promise.resolve(initI18n('en'));
  return import('./locales/zh').then(
    (m) => initI18n('zh', m.zhStart),
    () => initI18n('en'),
  );
}

/**
 * Starts i18next at once in `lang`. Chinese needs its start bundles: `setupI18n` loads them; a caller that has them
 * already (the server render imports locales/zh.ts statically) passes them, in either language, to have both.
 */
export function initI18n(lang: Lang, zh?: ZhStart): typeof i18n {
  void i18n.use(initReactI18next).init({
    lng: lang === 'zh' && zh ? 'zh' : 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common', 'messages'],
    resources: { en: { common: en, messages: firstEn }, ...(zh ? { zh } : {}) },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  for (const [ns, bundles] of pending.splice(0)) addTranslations(ns, bundles);
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.language === 'zh' ? 'zh-CN' : 'en';
  return i18n;
}

/** A feature adds its strings when its code loads, so they travel in its own chunk. */
export function addTranslations<T extends object>(ns: string, bundles: { en: T; zh: T }): void {
  // A module imported before start-up (e.g. by the layout) may add its strings early: keep them for later.
  if (!i18n.isInitialized) {
    pending.push([ns, bundles]);
    return;
  }
  i18n.addResourceBundle('en', ns, bundles.en, true, true);
  i18n.addResourceBundle('zh', ns, bundles.zh, true, true);
}

export const currentLang = (): Lang => (i18n.language === 'zh' ? 'zh' : 'en');

export { i18n };
