import type { Lang } from './contract/lang';

/** A product's and its packaging's names, as order lines, cart lines and subscriptions carry them. */
export interface PackagingNames {
  name_en: string;
  name_zh: string;
  variant_name_en: string;
  variant_name_zh: string;
}

/**
 * How a packaging is named to a customer or staff: "Oolong (100 g)" and "乌龙（100克）", with " × 2" / "× 2" after it
 * when a quantity is given (Chinese full-width brackets carry their own spacing).
 */
export function packagingName(names: PackagingNames, lang: Lang, quantity?: number): string {
  const name =
    lang === 'zh' ? `${names.name_zh}（${names.variant_name_zh}）` : `${names.name_en} (${names.variant_name_en})`;
  if (quantity === undefined) return name;
  return lang === 'zh' ? `${name}× ${quantity}` : `${name} × ${quantity}`;
}

/** Both languages' names at once (for texts stored or queued before the reader's language is known). */
export function packagingNames(names: PackagingNames, quantity?: number): Record<Lang, string> {
  return { en: packagingName(names, 'en', quantity), zh: packagingName(names, 'zh', quantity) };
}
