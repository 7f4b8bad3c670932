import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import { type CartLine, lineCents, lineKey, lineName, packagingName } from '@/entities/cart/cart-rules';
import { useCart } from '@/entities/cart/cart-store';
import { currentLang } from '@/lib/i18n/i18n';
import { MinusIcon, PlusIcon, TrashIcon } from '@/lib/icons';
import { notify } from '@/lib/toast';
import '../locales';
import '../cart.css';
import { Thumbnail } from '@/lib/ui/Thumbnail';

/**
 * One card per line (docs/product.md §3): image, product name (upper-case), remove, minus / count / plus, line price.
 */
export function CartLines({ lines }: { lines: CartLine[] }) {
  return (
    <ul className="cart-lines">
      {lines.map((line) => (
        <CartLineCard key={lineKey(line)} line={line} />
      ))}
    </ul>
  );
}

function CartLineCard({ line }: { line: CartLine }) {
  const { t } = useTranslation('cart');
  const lang = currentLang();
  const name = lineName(line, lang);
  const key = lineKey(line);
  const packaging = packagingName(line, lang);
  const frequency = line.frequency_weeks > 0 ? t('every', { weeks: line.frequency_weeks }) : t('oneTime');

  const increase = () => {
    // docs/product.md §4: plus only while the new quantity stays within the stock.
    if (!useCart.getState().increase(key).ok) notify.error(t('messages:notEnoughStock'));
  };

  return (
    <li className="cart-line">
      {line.image ? (
        <Thumbnail className="cart-line__image" src={line.image} size={72} />
      ) : (
        <span className="cart-line__image cart-line__image--empty" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <div className="cart-line__top">
          <p className="cart-line__name">{name}</p>
          <button
            type="button"
            className="icon-btn cart-line__remove"
            aria-label={t('remove', { name })}
            onClick={() => useCart.getState().remove(key)}
          >
            <TrashIcon size={20} />
          </button>
        </div>
        <p className="cart-line__meta">{packaging ? `${packaging} · ${frequency}` : frequency}</p>
        <div className="cart-line__bottom">
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of the minus, count and plus controls */}
          <div className="qty" role="group" aria-label={t('quantity', { name })}>
            <button
              type="button"
              className="qty__btn"
              aria-label={t('decrease', { name })}
              onClick={() => useCart.getState().decrease(key)}
            >
              <MinusIcon size={18} />
            </button>
            <output className="qty__count" aria-live="polite">
              {line.quantity}
            </output>
            <button
              type="button"
              className="qty__btn"
              aria-label={t('increase', { name })}
              data-at-stock={line.quantity >= line.stock_balance || undefined}
              onClick={increase}
            >
              <PlusIcon size={18} />
            </button>
          </div>
          <span className="cart-line__price">{formatCents(lineCents(line))}</span>
        </div>
      </div>
    </li>
  );
}

/** The empty cart (docs/product.md §3): the two texts and "Shop Now". */
export function EmptyCart({ onShopNow }: { onShopNow(): void }) {
  const { t } = useTranslation('cart');
  return (
    <div className="cart-empty">
      <p className="cart-empty__title">{t('empty')}</p>
      <p className="cart-empty__hint">{t('emptyHint')}</p>
      <button type="button" className="btn btn--primary" onClick={onShopNow}>
        {t('shopNow')}
      </button>
    </div>
  );
}

/** Subtotal row: `$` and 2 decimals (docs/product.md §1). */
export function Subtotal({ cents }: { cents: number }) {
  const { t } = useTranslation('cart');
  return (
    <p className="cart-subtotal">
      <span>{t('subtotal')}</span>
      <strong data-testid="cart-subtotal">{formatCents(cents)}</strong>
    </p>
  );
}
