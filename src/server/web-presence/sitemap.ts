import type { Lang } from '../../common/contract/lang';
import { addressFollowingVisitor, addressIn, PRIVATE_PATHS } from '../../common/web-presence';
import type { Db } from '../db/connection';
import * as repo from './repository';

/**
 * robots.txt and the sitemap (docs/decisions/047): every public page in both languages, each at its own address with
 * the other and x-default as alternates, `lastmod` from the rows. Read page by page, never every row at once; past
 * `maxUrls` (50,000, the protocol's limit) `/sitemap.xml` is an index of sitemaps of that size.
 */

export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query. */
const READ_PAGE = 1000;
const LANGS: readonly Lang[] = ['en', 'zh'];

/** The information pages' addresses by their row's slug (the FAQ has no row of its own, nor a change date). */
const INFO_PATHS = {
  about: '/about',
  shipping: '/shipping-policy',
  tnc: '/terms-of-service',
  privacy: '/privacy-policy',
} as const;

interface Entry {
  path: string;
  lastmod: string | null;
}

const xmlText = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/** A stored time as W3C datetime, or null when it is missing or unreadable. */
const w3cDate = (value: string | null | undefined) => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** One page in both languages: a <url> per language, each naming the other and x-default. */
function urlsOf(origin: string, { path, lastmod }: Entry): string {
  const links = [
    ...LANGS.map(
      (lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlText(origin + addressIn(path, lang))}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(origin + addressFollowingVisitor(path))}"/>`,
  ].join('');
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return LANGS.map((lang) => `<url><loc>${xmlText(origin + addressIn(path, lang))}</loc>${mod}${links}</url>`).join(
    '\n',
  );
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '\n</urlset>\n';

/** Home, the product list, each category and the information pages. */
async function pageEntries(db: Db): Promise<Entry[]> {
  const [latest, categories, pages] = await Promise.all([
    repo.latestProductChange(db),
    repo.categoriesWithChange(db),
    repo.pageChanges(db),
  ]);
  const changed = new Map(pages.map((p) => [p.slug, w3cDate(p.updated_at)]));
  return [
    { path: '/', lastmod: w3cDate(latest) },
    { path: '/products', lastmod: w3cDate(latest) },
    ...categories.map((c) => ({
      path: `/products/${encodeURIComponent(c.slug)}`,
      lastmod: w3cDate(c.updated_at as string | null),
    })),
    ...Object.entries(INFO_PATHS).map(([slug, path]) => ({ path, lastmod: changed.get(slug) ?? null })),
    { path: '/faq', lastmod: null },
  ];
}

/** The product pages after id `after`, `limit` products at most (all when null), read READ_PAGE rows at a time. */
async function productUrls(db: Db, origin: string, after: number, limit: number | null): Promise<string[]> {
  const out: string[] = [];
  let cursor = after;
  let left = limit ?? Number.POSITIVE_INFINITY;
  while (left > 0) {
    const rows = await repo.productsAfter(db, cursor, Math.min(READ_PAGE, left));
    for (const row of rows) out.push(urlsOf(origin, { path: `/details/${row.id}`, lastmod: w3cDate(row.updated_at) }));
    if (rows.length < Math.min(READ_PAGE, left)) break;
    left -= rows.length;
    cursor = rows[rows.length - 1]!.id;
  }
  return out;
}

/** The pages other than products (one sitemap of the index). */
export async function pagesSitemap(db: Db, origin: string): Promise<string> {
  const entries = await pageEntries(db);
  return URLSET_OPEN + entries.map((e) => urlsOf(origin, e)).join('\n') + URLSET_CLOSE;
}

/** One sitemap of the index: the products after id `after`, as many as fit in `maxUrls` in both languages. */
export async function productSitemap(db: Db, origin: string, after: number, maxUrls = SITEMAP_MAX_URLS) {
  const urls = await productUrls(db, origin, after, Math.floor(maxUrls / LANGS.length));
  return URLSET_OPEN + urls.join('\n') + URLSET_CLOSE;
}

/** `/sitemap.xml`: every page when they fit in `maxUrls` addresses, else an index of sitemaps that each fit. */
export async function sitemap(db: Db, origin: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  const [entries, products] = await Promise.all([pageEntries(db), repo.countProducts(db)]);
  if ((entries.length + products) * LANGS.length <= maxUrls) {
    const pages = entries.map((e) => urlsOf(origin, e));
    return URLSET_OPEN + [...pages, ...(await productUrls(db, origin, 0, null))].join('\n') + URLSET_CLOSE;
  }
  const perFile = Math.floor(maxUrls / LANGS.length);
  const files = [`${origin}/sitemap-pages.xml`];
  for (let after: number | null = 0; after !== null; ) {
    files.push(`${origin}/sitemap-products.xml?after=${after}`);
    after = await repo.chunkEnd(db, after, perFile);
  }
  // The last chunk found may be empty (exactly a multiple of perFile products): it still answers a valid sitemap.
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((loc) => `<sitemap><loc>${xmlText(loc)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: crawlers kept out of the private pages, the sitemap named (when the shop's address is known). */
export function robotsTxt(origin: string | null): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    ...(origin ? ['', `Sitemap: ${origin}/sitemap.xml`] : []),
    '',
  ].join('\n');
}
