/** The two languages of the shop: id 1 is English, id 2 is Chinese (docs/product.md section 2 "Languages"). */
export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export const LANGUAGE_IDS: Record<Lang, 1 | 2> = { en: 1, zh: 2 };

/** Reads a language from a code ('en', 'zh', 'zh-hans', ...) or a language id (1, 2). */
export function parseLang(value: unknown): Lang | undefined {
  if (value === 1 || value === '1') return 'en';
  if (value === 2 || value === '2') return 'zh';
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toLowerCase();
  if (code.startsWith('zh')) return 'zh';
  if (code.startsWith('en')) return 'en';
  return undefined;
}

/** A stored language (code or id), the default language when it is missing or unknown. */
export const langOf = (value: unknown): Lang => parseLang(value) ?? DEFAULT_LANG;
