import type {
  AggregateRating,
  BreadcrumbList,
  ItemAvailability,
  Offer,
  Organization,
  Product,
  Review,
  WithContext,
} from 'schema-dts';
import type { ProductDetails, Review as ShopReview } from '../../common/contract/catalog';
import { centsToDecimal } from '../../common/money';
import { saleUnitCents } from '../../common/pricing';
import { effectiveStockState } from '../../common/stock';
import { scriptJson } from '../lib/script-json';

/**
 * The pages' structured data (JSON-LD, typed with schema-dts; docs/decisions/047): a product with one offer per
 * packaging at exactly the price its page shows (the API's answer that page rendered, priced by the catalogue's
 * service, and the one rule `saleUnitCents`), its rating and reviews, the breadcrumb, and the shop on the home page.
 */

export type JsonLd = WithContext<Product> | WithContext<BreadcrumbList> | WithContext<Organization>;

/** A packaging's availability: coming soon is a pre-order; sold out (the shopper's rule) is out of stock. */
function availability(product: ProductDetails, stock: number): ItemAvailability {
  if (product.stock_state === 'coming_soon') return 'https://schema.org/PreOrder';
  return effectiveStockState(product.stock_state, stock) === 'out_of_stock'
    ? 'https://schema.org/OutOfStock'
    : 'https://schema.org/InStock';
}

export function productLd(
  product: ProductDetails,
  reviews: readonly ShopReview[],
  { url, image }: { url: string; image: string },
): WithContext<Product> {
  const offers: Offer[] = product.variants.map((variant) => ({
    '@type': 'Offer',
    name: variant.name,
    sku: String(variant.id),
    price: centsToDecimal(saleUnitCents(variant)),
    priceCurrency: 'USD',
    availability: availability(product, variant.stock),
    url,
  }));
  const rating: AggregateRating | undefined = product.rating.count
    ? {
        '@type': 'AggregateRating',
        ratingValue: product.rating.average,
        reviewCount: product.rating.count,
        bestRating: 5,
        worstRating: 1,
      }
    : undefined;
  const review: Review[] = reviews.map((r) => ({
    '@type': 'Review',
    name: r.title,
    reviewBody: r.description,
    datePublished: r.created_at,
    author: { '@type': 'Person', name: r.nickname },
    reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: [image],
    sku: String(product.id),
    url,
    offers,
    ...(rating ? { aggregateRating: rating } : {}),
    ...(review.length ? { review } : {}),
  };
}

/** The trail to a page: each step's name and absolute URL, the last one the page itself. */
export function breadcrumbLd(steps: ReadonlyArray<{ name: string; url: string }>): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

export function organizationLd({
  name,
  url,
  logo,
}: {
  name: string;
  url: string;
  logo: string;
}): WithContext<Organization> {
  return { '@context': 'https://schema.org', '@type': 'Organization', name, url, logo };
}

/** A JSON-LD object as its own data block, escaped (lib/script-json.ts). */
export const ldScript = (data: JsonLd): string => `<script type="application/ld+json">${scriptJson(data)}</script>`;
