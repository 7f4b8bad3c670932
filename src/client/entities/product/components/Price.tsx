import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../product.css';

/** A price; with a discount, the sale price first and the original struck through. */
export function Price({
  priceCents,
  discountCents,
  size = 'md',
}: {
  priceCents: number;
  /** The price actually paid when lower than priceCents. */
  discountCents?: number | null;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('product');
  const discounted = discountCents !== null && discountCents !== undefined && discountCents < priceCents;
  return (
    <span className={`price price--${size}`}>
      {discounted ? (
        <>
          <span className="visually-hidden">{t('card.salePrice')}</span>
          <span className="price__now price__now--sale">{formatCents(discountCents)}</span>{' '}
          <span className="visually-hidden">{t('card.originalPrice')}</span>
          <s className="price__was">{formatCents(priceCents)}</s>
        </>
      ) : (
        <span className="price__now">{formatCents(priceCents)}</span>
      )}
    </span>
  );
}
