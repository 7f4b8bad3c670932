import { LANGUAGE_IDS, type Lang, parseLang } from '@common/contract/lang';
import { LANG_PARAM, langOfAddress, preferredLang } from '@common/web-presence';
import { mirrorCookie } from '../ssr/boot';
import { STORAGE_KEYS, storage } from '../storage/storage';

/**
 * The language to start in (docs/decisions/008, 012, 047): the address's (`?lang=zh`, stored as the language select
 * stores a choice); else a stored choice; else, on a first visit, Telegram's language_code inside Telegram, the
 * browser's languages outside; else English.
 */
export function initialLanguage(telegramLanguageCode?: string): Lang {
  const addressed = langOfAddress(window.location.search);
  if (addressed) {
    storeLanguage(addressed);
    return addressed;
  }
  return (
    parseLang(storage.get(STORAGE_KEYS.language)) ??
    parseLang(storage.get(STORAGE_KEYS.i18nextLng)) ??
    (telegramLanguageCode ? (preferredLang([telegramLanguageCode]) ?? 'en') : undefined) ??
    preferredLang(navigator.languages ?? [navigator.language]) ??
    'en'
  );
}

/** Stores a choice under both shared keys (`language` 1|2 and `i18nextLng` en|zh) and its cookie. */
function storeLanguage(lang: Lang): void {
  storage.set(STORAGE_KEYS.language, String(LANGUAGE_IDS[lang]));
  storage.set(STORAGE_KEYS.i18nextLng, lang);
  // The next page is rendered by the server in this language (docs/decisions/022).
  mirrorCookie('lang', lang);
}

/** Reloads the page in `lang`: an address that names a language is changed to name this one (docs/decisions/047). */
function reloadIn(lang: Lang): void {
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANG_PARAM)) {
    url.searchParams.set(LANG_PARAM, lang);
    window.location.replace(url.href);
  } else {
    window.location.reload();
  }
}

/** Stores the choice and reloads (docs/product.md §2). */
export function changeLanguage(lang: Lang, reload: () => void = () => reloadIn(lang)): void {
  storeLanguage(lang);
  reload();
}
