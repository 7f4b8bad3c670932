import { LANGUAGE_IDS, type Lang, parseLang } from '@common/contract/lang';
import { mirrorCookie } from '../ssr/boot';
import { STORAGE_KEYS, storage } from '../storage/storage';

/**
 * The language to start in (docs/decisions/008, docs/decisions/012): a stored choice wins; else, inside Telegram,
 * the user's language_code (zh* → Chinese); else English.
 */
export function initialLanguage(telegramLanguageCode?: string): Lang {
  return (
    parseLang(storage.get(STORAGE_KEYS.language)) ??
    parseLang(storage.get(STORAGE_KEYS.i18nextLng)) ??
    (telegramLanguageCode?.toLowerCase().startsWith('zh') ? 'zh' : undefined) ??
    'en'
  );
}

/**
 * Stores the choice under both shared keys (`language` 1|2 and `i18nextLng` en|zh) and reloads (docs/product.md §2).
 */
export function changeLanguage(lang: Lang, reload: () => void = () => window.location.reload()): void {
  storage.set(STORAGE_KEYS.language, String(LANGUAGE_IDS[lang]));
  storage.set(STORAGE_KEYS.i18nextLng, lang);
  // The reloaded page is rendered by the server in this language (docs/decisions/022).
  mirrorCookie('lang', lang);
  reload();
}
