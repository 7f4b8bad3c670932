import { InlineKeyboard } from 'grammy';
import type { Lang } from '../../../common/contract/lang';
import type { Db } from '../../db/connection';
import { alertProduct } from '../../stock-alerts/service';
import { markup, type ShopLinks } from './links';
import { botText } from './locales';

/**
 * A product the customer asked about is available again (stock-alerts/tell.ts, docs/decisions/018): its name in the
 * customer's language and a button to the product (/details/{id}). Skipped when the product is gone or hidden.
 */
export async function backInStockMessage(
  db: Db,
  lang: Lang,
  params: Record<string, string>,
  links: ShopLinks,
): Promise<{ text: string; keyboard?: InlineKeyboard } | { skip: string }> {
  const productId = Number(params.productId);
  const product = Number.isSafeInteger(productId) ? await alertProduct(db, productId) : undefined;
  if (product?.is_active !== 1) return { skip: 'skipped: product no longer in the shop' };
  const name = lang === 'zh' ? product.name_zh || product.name_en : product.name_en;
  const keyboard = new InlineKeyboard();
  links.addButton(keyboard, botText(lang, 'viewProduct'), links.url(`/details/${product.id}`));
  return { text: botText(lang, 'notifyBackInStock', { product: name }), keyboard: markup(keyboard) };
}
