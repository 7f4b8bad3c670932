import type { Variant as Packaging, ProductDetails } from '@common/contract/catalog';
import type { FrequencyWeeks } from '@common/pricing';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router-dom';
import { addToCart } from '@/entities/cart/add-to-cart';
import { lineFromChoice } from '@/entities/cart/cart-rules';
import { useTelegramMainButton } from '@/lib/telegram/main-button';

/** Why Add to cart is refused (out of stock, coming soon, or the chosen packaging has none), else null. */
function blockedReason(t: TFunction<'catalog'>, product: ProductDetails, packaging: Packaging | undefined) {
  if (product.stock_state === 'out_of_stock') return t('detail.cannotAddOutOfStock');
  if (product.stock_state === 'coming_soon') return t('detail.cannotAddComingSoon');
  return !packaging || packaging.stock <= 0 ? t('detail.cannotAddPackaging') : null;
}

/**
 * The product page's Add to cart with the shopper's choice: `blocked` says why it is refused, if it is; `alertable`
 * (out of stock or coming soon): "Notify me when available" stands where Add to cart would be
 * (docs/decisions/018-stock-alerts.md); `onAdd` puts the choice in the cart. Inside Telegram the MainButton is this
 * screen's primary action (docs/decisions/008), hidden when the product is alertable (StockAlert has it then).
 * Plain arguments rather than an options object: the page is a server-rendered first screen (docs/decisions/022),
 * and its chunk stays as small as it was.
 */
export function useAddToCart(
  t: TFunction<'catalog'>,
  product: ProductDetails,
  packaging: Packaging | undefined,
  frequency: FrequencyWeeks,
  quantity: number,
) {
  const navigate = useNavigate();
  const blocked = blockedReason(t, product, packaging);
  const alertable = product.stock_state === 'out_of_stock' || product.stock_state === 'coming_soon';
  const onAdd = () => {
    if (!packaging || blocked) return;
    addToCart(
      lineFromChoice(
        product,
        packaging,
        frequency,
        quantity,
        packaging.translations.map((tr) => ({ name: tr.name })),
      ),
      navigate,
    );
  };
  useTelegramMainButton({ text: t('telegram:addToCart'), visible: !alertable, enabled: !blocked, onClick: onAdd });
  return { blocked, alertable, onAdd };
}
