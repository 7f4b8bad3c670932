import type { Insertable } from 'kysely';
import type { StatesTable } from '../db/schema-settings';

/** Shapes of the demo catalogue the seed writes. Prices are integer cents. */
export interface Localized {
  en: string;
  zh: string;
}

export type StockState = 'in_stock' | 'out_of_stock' | 'ready_stock' | 'coming_soon';

/** One of the 7 Shop-menu entries of docs/product.md section 2. */
export interface SeedCategory {
  slug: string;
  name: Localized;
}

/** A type, benefit or tag of the Shop mega-menu. */
export interface SeedTag {
  kind: 'type' | 'benefit' | 'tag';
  slug: string;
  name: Localized;
}

/** A packaging option: each has its own price and stock. */
export interface SeedPackaging {
  name: Localized;
  priceCents: number;
  /** Set on some products: the sale price, below priceCents. */
  discountPriceCents?: number;
  stock: number;
}

interface SeedReview {
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  description: string;
  nickname: string;
  daysAgo: number;
}

export interface SeedProduct {
  slug: string;
  name: Localized;
  description: Localized;
  /** Category slugs (a product may be in several, e.g. all-teas and best-sellers). */
  categories: string[];
  /** Slugs of SeedTag entries of any kind. */
  tags: string[];
  variants: SeedPackaging[];
  stockState: StockState;
  availability: { ph: boolean; cn: boolean };
  /** Public path of the main image at 640 px, e.g. /images/products/<slug>-640.webp (a file in public/, with its 320
   * and 1280 siblings and the SVG it is drawn from: scripts/generate-images.mjs). */
  image: string;
  /** Extra gallery images (public paths, 640 px as `image`); may be empty. */
  gallery: string[];
  /** Whether Subscribe & save (every 2, 4 or 8 weeks at 15% off) is offered. */
  subscribable: boolean;
  /** How many days before the seed date the product was added (drives newest/oldest sort). */
  addedDaysAgo: number;
  reviews: SeedReview[];
}

export interface SeedBanner {
  image: string;
  title: Localized;
  subtitle: Localized;
  /** In-app path the banner leads to, e.g. /products/best-sellers */
  link: string;
}

/** A row of the `states` table as the seed writes it (its sort order is its place in the shop's list). */
export type SeedState = Required<
  Pick<
    Insertable<StatesTable>,
    'code' | 'name_en' | 'name_zh' | 'country' | 'standard_fee_cents' | 'expedited_fee_cents' | 'expedited_offered'
  >
>;
