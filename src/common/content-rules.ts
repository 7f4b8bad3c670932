import { isHttpLink } from './links';

/**
 * Content rules the server and the back office share (docs/decisions/015): banners, information pages, FAQ. Zod-free:
 * the Content screen imports it at run time without pulling the contract's schemas into its chunk.
 */

/** The information pages the shop keeps: `about`, `tnc` (terms of service), `privacy`, `shipping`. */
export const PAGE_SLUGS = ['about', 'tnc', 'privacy', 'shipping'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export const isPageSlug = (value: unknown): value is PageSlug =>
  typeof value === 'string' && (PAGE_SLUGS as readonly string[]).includes(value);

/** The longest text each field keeps (characters). */
export const CONTENT_LIMITS = {
  bannerTitle: 80,
  bannerSubtitle: 160,
  bannerAlt: 200,
  link: 500,
  image: 500,
  pageTitle: 120,
  pageBody: 20_000,
  faqQuestion: 300,
  faqAnswer: 5_000,
} as const;

/**
 * A path inside the shop: one leading slash (not `//host`, which a browser reads as another site), no backslash
 * (some browsers read `/\host` as `//host`), no spaces or control characters.
 */
export const isShopPath = (value: string): boolean => /^\/(?![/\\])[^\s\\]*$/.test(value);

/**
 * Where a banner may send a customer: a path inside the shop (`/products/best-sellers`) or an http(s) address.
 * Anything else (`javascript:`, `data:`, `//elsewhere`, a bare word) is refused.
 */
export const isBannerLink = (value: string): boolean => isShopPath(value) || isHttpLink(value);

/** A banner's state in the shop now: live, scheduled (first day ahead), ended, off (switched off). */
export const BANNER_STATES = ['live', 'scheduled', 'ended', 'off'] as const;
export type BannerState = (typeof BANNER_STATES)[number];

/**
 * Whether a banner shows in the shop now: switched on and within its days (`starts_at` inclusive, `ends_at`
 * exclusive, either open). The shop's query (catalog/repository.ts) applies the same rule in SQL.
 */
export function bannerState(
  banner: { is_active: boolean; starts_at: string | null; ends_at: string | null },
  nowIso: string,
): BannerState {
  if (!banner.is_active) return 'off';
  if (banner.starts_at !== null && banner.starts_at > nowIso) return 'scheduled';
  if (banner.ends_at !== null && banner.ends_at <= nowIso) return 'ended';
  return 'live';
}
