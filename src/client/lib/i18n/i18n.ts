import type { Lang } from '@common/contract/lang';
import { messages } from '@common/i18n/messages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, zh } from './locales/common';

/** Bundles a module added before i18next started; applied by setupI18n. */
const pending: Array<[string, { en: object; zh: object }]> = [];

/** Starts i18next in one language with the shell's strings and the shared messages. */
export function setupI18n(lang: Lang) {
  void i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common', 'messages'],
    resources: {
      en: { common: en, messages: messages.en },
      zh: { common: zh, messages: messages.zh },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  for (const [ns, bundles] of pending.splice(0)) addTranslations(ns, bundles);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
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
