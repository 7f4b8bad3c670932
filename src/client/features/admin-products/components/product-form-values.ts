import type { ProductFields } from '@common/catalogue-rules';
import type { AdminProduct } from '@common/contract/admin/products';
import type { ApiInput } from '@common/contract/api-map';
import { parseDollarsToCents } from '@common/money';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api/client';

/** The product form's values and what it sends: the create and update paths' fields, numbers as typed. */

export interface NewPackagingValues {
  name_en: string;
  name_zh: string;
  price: string;
  discount: string;
  stock: string;
}

/** The form's values: the product's fields, numbers as typed. */
export interface ProductFormValues
  extends Omit<ProductFields, 'low_stock_threshold' | 'reorder_days' | 'category_ids' | 'tag_ids'> {
  low_stock_threshold: string;
  /** "Running low?" days as typed; empty: none (docs/decisions/056). */
  reorder_days: string;
  category_ids: string[];
  tag_ids: string[];
  /** Only when creating: the product's first packagings. */
  packagings: NewPackagingValues[];
}

/** What the create and update paths take from the form (prices in cents, converted once here). */
export type ProductPayload = Omit<ApiInput<'/admin/products/update'>, 'product_id'> &
  Partial<Pick<ApiInput<'/admin/products/create'>, 'packagings'>>;

export const emptyPackaging = (): NewPackagingValues => ({
  name_en: '',
  name_zh: '',
  price: '',
  discount: '',
  stock: '0',
});

export const defaults = (p?: AdminProduct): ProductFormValues => ({
  name_en: p?.name_en ?? '',
  name_zh: p?.name_zh ?? '',
  slug: p?.slug ?? '',
  description_en: p?.description_en ?? '',
  description_zh: p?.description_zh ?? '',
  state: p?.state ?? 'on_sale',
  available_ph: p?.available_ph ?? true,
  available_cn: p?.available_cn ?? true,
  subscribable: p?.subscribable ?? false,
  low_stock_threshold: p?.low_stock_threshold === null || !p ? '' : String(p.low_stock_threshold),
  reorder_days: p?.reorder_days === null || !p ? '' : String(p.reorder_days),
  category_ids: p?.category_ids.map(String) ?? [],
  tag_ids: p?.tag_ids.map(String) ?? [],
  images: p?.images ?? [],
  packagings: p ? [] : [emptyPackaging()],
});

/** A whole number as typed (a threshold, a stock). */
export const WHOLE = /^\d{1,6}$/;

/** A text field that must not be blank. */
export const requiredText = (message: string) => ({ validate: (v: string) => (v.trim() ? true : message) });

/** The typed values as the paths' fields; the first packagings only when creating. */
export function payloadOf(v: ProductFormValues, creating: boolean): ProductPayload {
  return {
    slug: v.slug.trim(),
    name_en: v.name_en.trim(),
    name_zh: v.name_zh.trim(),
    description_en: v.description_en.trim(),
    description_zh: v.description_zh.trim(),
    state: v.state,
    available_ph: v.available_ph,
    available_cn: v.available_cn,
    subscribable: v.subscribable,
    low_stock_threshold: v.low_stock_threshold.trim() === '' ? undefined : Number(v.low_stock_threshold),
    reorder_days: v.reorder_days.trim() === '' ? undefined : Number(v.reorder_days),
    category_ids: v.category_ids.map(Number),
    tag_ids: v.tag_ids.map(Number),
    images: v.images,
    ...(creating
      ? {
          packagings: v.packagings.map((p) => ({
            name_en: p.name_en.trim(),
            name_zh: p.name_zh.trim(),
            price_cents: parseDollarsToCents(p.price) ?? 0,
            discount_price_cents: p.discount.trim() ? (parseDollarsToCents(p.discount) ?? undefined) : undefined,
            stock: Number(p.stock || 0),
          })),
        }
      : {}),
  };
}

/** The server's field names → the form's (prices are typed in dollars under other names). */
const formField = (server: string): string =>
  server.replace(/\.price_cents$/, '.price').replace(/\.discount_price_cents$/, '.discount');

/** Shows a refusal's messages at the fields it names (the first one focused); false when it named none of them. */
export function placeAtFields(form: UseFormReturn<ProductFormValues>, err: unknown): boolean {
  const fields = err instanceof ApiError ? err.fields : [];
  let placed = false;
  for (const f of fields) {
    const name = formField(f.field);
    if (name in form.getValues() || /^packagings\.\d+\.\w+$/.test(name)) {
      form.setError(name as FieldPath<ProductFormValues>, { message: f.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
