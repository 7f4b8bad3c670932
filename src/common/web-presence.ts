import { type Lang, parseLang } from './contract/lang';

/**
 * How the shop is found by search engines and previewed in chats (docs/decisions/047): each language at its own
 * address (`?lang=en`, `?lang=zh`; the bare address follows the visitor), and the pages no crawler should index.
 */

/** The query parameter that names a page's language. */
export const LANG_PARAM = 'lang';

/** The language an address names (`?lang=zh`), or null. */
export function langOfAddress(search: string): Lang | null {
  const value = new URLSearchParams(search).get(LANG_PARAM);
  return value ? (parseLang(value) ?? null) : null;
}

/** The first of the visitor's preferred languages (browser, Accept-Language) that the shop speaks, or null. */
export function preferredLang(tags: readonly string[]): Lang | null {
  for (const tag of tags) {
    const lang = parseLang(tag);
    if (lang) return lang;
  }
  return null;
}

/** An Accept-Language header's languages, most wanted first (`zh-CN,zh;q=0.9,en;q=0.8`). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** `path` (with or without a query) at its address in `lang`: the `lang` parameter set, the rest kept. */
export function addressIn(path: string, lang: Lang): string {
  const [pathname = '/', search = ''] = path.split('?');
  const params = new URLSearchParams(search);
  params.set(LANG_PARAM, lang);
  return `${pathname}?${params.toString()}`;
}

/** `path` without its `lang` parameter: the address that follows the visitor (hreflang x-default). */
export function addressFollowingVisitor(path: string): string {
  const [pathname = '/', search = ''] = path.split('?');
  const params = new URLSearchParams(search);
  params.delete(LANG_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * The shop's private pages (a visitor's account, cart, checkout, log-in, the back office): kept out by robots.txt and
 * answered with `noindex`. The account pages are the router's user pages (app/guards/RequireUser.tsx USER_PAGES).
 */
export const PRIVATE_PATHS = [
  '/cart',
  '/checkout',
  '/order',
  '/profile',
  '/cashReward',
  '/subscriptions',
  '/affiliate',
  '/referral',
  '/login',
  '/login_be',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/admin',
] as const;

export const isPrivatePath = (pathname: string): boolean =>
  PRIVATE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
