import type { ProductDetails } from '@common/contract/catalog';
import { isFrequency } from '@common/pricing';
import { type CartLine, type CartLineInput, lineFromProduct, lineName } from '@/entities/cart/cart-rules';
import { useCart } from '@/entities/cart/cart-store';
import { ApiError, api } from '@/lib/api/client';
import { currentLang, i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import './locales';

type StockNotice =
  | { kind: 'lowered'; name: string; stock: number }
  | { kind: 'outOfStock'; name: string }
  | { kind: 'gone'; name: string };

/** null: the product no longer exists; undefined: could not ask (network): the lines stay as they are. */
type Lookup = ProductDetails | null | undefined;

async function lookup(productId: number, signal?: AbortSignal): Promise<Lookup> {
  try {
    return (await api('/v2/get-product-details', { product_id: productId }, { signal })).product;
  } catch (err) {
    if (err instanceof ApiError && err.code === 404) return null;
    return undefined;
  }
}

/** What one line becomes after a fresh look at its product, and what to tell the customer. */
function recheck(line: CartLine, product: Lookup, notices: StockNotice[]): CartLineInput | null {
  if (product === undefined) return line;
  const name = lineName(line, currentLang());
  const packaging = product?.variants.find((v) => v.id === line.variant_id);
  const frequencyOk = line.frequency_weeks === 0 || (product?.subscribable && isFrequency(line.frequency_weeks));
  if (!product || !packaging || !frequencyOk) {
    notices.push({ kind: 'gone', name });
    return null;
  }
  const sellable = product.stock_state !== 'out_of_stock' && product.stock_state !== 'coming_soon';
  if (!sellable || packaging.stock <= 0) {
    notices.push({ kind: 'outOfStock', name });
    return null;
  }
  // Fresh stock, prices and names; the quantity never above the stock.
  const fresh = lineFromProduct(product, packaging, line.frequency_weeks, line.quantity);
  if (line.quantity > packaging.stock) {
    fresh.quantity = packaging.stock;
    notices.push({ kind: 'lowered', name, stock: packaging.stock });
  }
  return fresh;
}

/**
 * Re-checks the cart against the server (when the cart panel or page opens, and before checkout):
 * asks `/v2/get-product-details` once per product, lowers a line above its packaging's current stock,
 * and removes lines whose product or packaging is gone or out of stock, saying so in a toast (unless
 * `quiet`). Lines the server could not be asked about stay. Resolves to what changed.
 */
export async function revalidateCart({ signal, quiet = false }: { signal?: AbortSignal; quiet?: boolean } = {}) {
  const ids = [...new Set(useCart.getState().lines.map((l) => l.product_id))];
  if (ids.length === 0) return [];
  const found = new Map<number, Lookup>(
    await Promise.all(ids.map(async (id) => [id, await lookup(id, signal)] as const)),
  );
  if (signal?.aborted) return [];
  const notices: StockNotice[] = [];
  // Applied to the cart as it is now (the customer may have changed it meanwhile).
  useCart
    .getState()
    .update((line) => (found.has(line.product_id) ? recheck(line, found.get(line.product_id), notices) : line));
  if (!quiet) {
    for (const notice of notices) {
      const text =
        notice.kind === 'lowered'
          ? i18n.t('cart:stockLowered', { name: notice.name, stock: notice.stock })
          : i18n.t(notice.kind === 'gone' ? 'cart:lineGone' : 'cart:outOfStock', { name: notice.name });
      notify.error(text);
    }
  }
  return notices;
}
