import type { SavedCartLine } from '../../common/contract/cart';
import type { Lang } from '../../common/contract/lang';
import { hasDiscount } from '../../common/pricing';
import type { PackagingRow } from './repository';

const pick = (lang: Lang, en: string, zh: string) => (lang === 'zh' ? zh : en);

/**
 * A cart line's product and packaging as the client's cart keeps them, from the packaging's row: the saved cart
 * (saved-cart.ts) and Buy again (orders/buy-again.ts) answer lines of the same shape, so the client adds them alike.
 */
export function cartLineParts(
  row: PackagingRow,
  lang: Lang,
  stock: number,
): Pick<SavedCartLine, 'product' | 'packaging'> {
  return {
    product: {
      id: row.product_id,
      name: pick(lang, row.name_en, row.name_zh),
      image: row.image,
      translations: [
        { lang: 'en', name: row.name_en },
        { lang: 'zh', name: row.name_zh },
      ],
    },
    packaging: {
      id: row.variant_id,
      name: pick(lang, row.variant_name_en, row.variant_name_zh),
      translations: [
        { lang: 'en', name: row.variant_name_en },
        { lang: 'zh', name: row.variant_name_zh },
      ],
      price_cents: row.price_cents,
      discount_price_cents: row.discount_price_cents,
      has_discount: hasDiscount(row.price_cents, row.discount_price_cents),
      stock,
    },
  };
}
