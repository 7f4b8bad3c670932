import type { ProductDetails, Review } from '../../common/contract/catalog';
import type { Lang } from '../../common/contract/lang';
import { renditionAt } from '../../common/image-renditions';
import { centsToDecimal } from '../../common/money';
import { cheapestPackaging, saleUnitCents } from '../../common/pricing';
import { addressFollowingVisitor, addressIn } from '../../common/web-presence';
import { breadcrumbLd, type JsonLd, ldScript, organizationLd, productLd } from './json-ld';
import { HEAD_TEXTS } from './texts';

/**
 * A page's head for search engines and chat previews (docs/decisions/047), from what the server rendered: title and
 * description in the page's language, canonical URL, hreflang alternates, Open Graph and Twitter card, `noindex` on
 * private and missing pages, and JSON-LD. Product facts come from the screen's own data (the boot queries: the API's
 * answers the page was drawn from), so the preview shows the page's prices.
 */

interface BootQuery {
  queryKey: readonly unknown[];
  state: { data?: unknown };
}

export interface PageFacts {
  /** The shop's address (PUBLIC_URL, else the request's). */
  origin: string;
  /** The request's path and query. */
  url: string;
  lang: Lang;
  /** The rendered screen and the queries it was drawn from; null: a page the server did not render. */
  screen: string | null;
  queries: readonly BootQuery[];
  /** Private (account, cart, checkout, log-in, back office) or missing: not to be indexed. */
  noindex: boolean;
  notFound?: boolean;
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A description from free text: one line, at most `max` characters, cut at a word. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:，。；：]+$/, '')}…`;
}

const dataOf = <T>(queries: readonly BootQuery[], key: string): T | undefined =>
  queries.find((q) => q.queryKey[0] === key)?.state.data as T | undefined;

const INFO_SCREENS: Record<string, string> = { about: 'about', shipping: 'shipping', terms: 'tnc', privacy: 'privacy' };

interface Described {
  title: string;
  description: string;
  image?: string;
  product?: ProductDetails;
  ld: JsonLd[];
}

/**
 * The shop's raster logo and the preview picture of pages without one of their own, made from public/favicon.svg by
 * scripts/raster-logo.mjs (docs/decisions/055): search engines want a raster logo of 112 px or more, and many chat
 * clients show no SVG.
 */
const LOGO = '/logo-512.png';
const PREVIEW = { path: '/og-default.png', width: '1200', height: '630' };

/** Title, description, image and structured data of a rendered screen. */
function describe(f: PageFacts, absolute: (path: string) => string): Described {
  const t = HEAD_TEXTS[f.lang];
  const canonical = absolute(addressIn(f.url, f.lang));
  const home = { name: t.breadcrumbHome, url: absolute(addressIn('/', f.lang)) };
  const list = { name: t.breadcrumbProducts, url: absolute(addressIn('/products', f.lang)) };
  const base = { title: t.shop, description: t.description, ld: [] as JsonLd[] };
  if (f.notFound) return { ...base, title: `${t.notFound} · ${t.shop}` };
  if (f.screen === 'home') {
    // The preview's picture: the first banner's, at its widest rendition.
    const banner = dataOf<{ banners: Array<{ image: string }> }>(f.queries, 'banners')?.banners[0];
    return {
      ...base,
      title: t.home,
      ...(banner ? { image: absolute(renditionAt(banner.image, 1280)) } : {}),
      ld: [organizationLd({ name: t.shop, url: home.url, logo: absolute(LOGO) })],
    };
  }
  if (f.screen === 'details') {
    const product = dataOf<{ product: ProductDetails }>(f.queries, 'product')?.product;
    if (!product) return base;
    const reviews =
      dataOf<{ pages: Array<{ reviews: Review[] }> }>(f.queries, 'reviews')?.pages.flatMap((p) => p.reviews) ?? [];
    const image = absolute(renditionAt(product.image, 1280));
    const category = product.categories[0];
    const trail = [
      home,
      list,
      ...(category ? [{ name: category.name, url: absolute(addressIn(`/products/${category.slug}`, f.lang)) }] : []),
      { name: product.name, url: canonical },
    ];
    return {
      title: `${product.name} · ${t.shop}`,
      description: summary(product.description) || t.description,
      image,
      product,
      ld: [productLd(product, reviews, { url: canonical, image }), breadcrumbLd(trail)],
    };
  }
  if (f.screen === 'products') {
    const slug = decodeURIComponent(/^\/products\/([^/?]+)/.exec(f.url)?.[1] ?? '');
    const categories = dataOf<{ categories: Array<{ id: number; slug: string; name: string }> }>(
      f.queries,
      'categories',
    );
    const category = slug ? categories?.categories.find((c) => c.slug === slug || String(c.id) === slug) : undefined;
    if (!category) return { ...base, title: `${t.products} · ${t.shop}`, ld: [breadcrumbLd([home, list])] };
    return {
      title: `${t.category(category.name)} · ${t.shop}`,
      description: t.categoryDescription(category.name),
      ld: [breadcrumbLd([home, list, { name: category.name, url: canonical }])],
    };
  }
  const slug = f.screen ? INFO_SCREENS[f.screen] : undefined;
  const page = slug
    ? f.queries.find((q) => q.queryKey[0] === 'info-page' && q.queryKey[1] === slug)?.state.data
    : undefined;
  const info = (page as { page?: { title: string; body: string } } | undefined)?.page;
  if (info) {
    return {
      title: `${info.title} · ${t.shop}`,
      description: summary(info.body) || t.description,
      ld: [breadcrumbLd([home, { name: info.title, url: canonical }])],
    };
  }
  if (f.screen === 'faq') {
    return { ...base, title: `${t.faq} · ${t.shop}`, ld: [breadcrumbLd([home, { name: t.faq, url: canonical }])] };
  }
  return base;
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;

/**
 * Open Graph's product price (the packaging the card prices and the page opens on, docs/decisions/055) and
 * availability, from the page's own data.
 */
function productTags(product: ProductDetails): string[] {
  const priced = cheapestPackaging(product.variants);
  if (!priced) return [];
  // The state the shopper sees (the API's, after the common stock rule).
  const availability =
    product.stock_state === 'coming_soon' ? 'preorder' : product.stock_state === 'out_of_stock' ? 'oos' : 'instock';
  return [
    meta('property', 'product:price:amount', centsToDecimal(saleUnitCents(priced))),
    meta('property', 'product:price:currency', 'USD'),
    meta('property', 'product:availability', availability),
  ];
}

/** The tags for the page's <head> (its <title> among them). */
export function pageHead(f: PageFacts): string {
  const absolute = (path: string) => f.origin + path;
  const d = describe(f, absolute);
  const tags = [`<title>${escapeHtml(d.title)}</title>`, meta('name', 'description', d.description)];
  if (f.noindex || f.notFound) return [...tags, meta('name', 'robots', 'noindex')].join('');
  const canonical = absolute(addressIn(f.url, f.lang));
  const image = d.image ?? absolute(PREVIEW.path);
  tags.push(
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...(['en', 'zh'] as const).map(
      (lang) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(absolute(addressIn(f.url, lang)))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(absolute(addressFollowingVisitor(f.url)))}">`,
    meta('property', 'og:type', d.product ? 'product' : 'website'),
    meta('property', 'og:site_name', HEAD_TEXTS[f.lang].shop),
    meta('property', 'og:title', d.title),
    meta('property', 'og:description', d.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    // The fallback picture's size is known (a page's own pictures come in renditions of several shapes).
    ...(d.image
      ? []
      : [meta('property', 'og:image:width', PREVIEW.width), meta('property', 'og:image:height', PREVIEW.height)]),
    meta('property', 'og:locale', f.lang === 'zh' ? 'zh_CN' : 'en_US'),
    meta('property', 'og:locale:alternate', f.lang === 'zh' ? 'en_US' : 'zh_CN'),
    ...(d.product ? productTags(d.product) : []),
    meta('name', 'twitter:card', d.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', d.title),
    meta('name', 'twitter:description', d.description),
    meta('name', 'twitter:image', image),
    ...d.ld.map(ldScript),
  );
  return tags.join('');
}

/** index.html with the page's head: its own <title> and description replaced by the page's tags. */
export function withHead(html: string, head: string): string {
  return html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${head}</head>`);
}
