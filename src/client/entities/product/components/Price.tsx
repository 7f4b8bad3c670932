import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../product.css';

/**
 * A price; with a discount, the sale price first and the original struck through. `from`: the lowest of several
 * ("From $11.00", docs/decisions/055).
 */
export function Price({
  priceCents,
  discountCents,
  size = 'md',
  from = false,
}: {
  priceCents: number;
  /** The price actually paid when lower than priceCents. */
  discountCents?: number | null;
  size?: 'md' | 'lg';
  from?: boolean;
}) {
  const { t } = useTranslation('product');
  const discounted = discountCents !== null && discountCents !== undefined && discountCents < priceCents;
  const shown = (cents: number) => (from ? t('card.from', { price: formatCents(cents) }) : formatCents(cents));
  return (
    <span className={`price price--${size}`}>
      {discounted ? (
        <>
          <span className="visually-hidden">{t('card.salePrice')}</span>
          <span className="price__now price__now--sale">{shown(discountCents)}</span>{' '}
          <span className="visually-hidden">{t('card.originalPrice')}</span>
          <s className="price__was">{formatCents(priceCents)}</s>
        </>
      ) : (
        <span className="price__now">{shown(priceCents)}</span>
      )}
    </span>
  );
}
