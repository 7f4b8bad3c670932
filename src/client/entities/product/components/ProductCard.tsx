import type { ProductCard as Card } from '@common/contract/catalog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { IMAGE_SIZES, responsiveImage } from '@/lib/images';
import { Price } from './Price';
import { StockBadge } from './StockBadge';
import '@/lib/ui/skeleton.css';
import '../locales';
import '../product.css';

/** One product of a list: image, name, price (sale price with the original struck through), stock badge. */
export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const { t } = useTranslation('product');
  const unavailable = product.stock_state === 'out_of_stock' || product.stock_state === 'coming_soon';
  return (
    <li className={`product-card${unavailable ? ' product-card--unavailable' : ''}`}>
      <Link to={`/details/${product.id}`} className="product-card__link">
        <span className="product-card__media">
          <img
            {...responsiveImage(product.image, [320, 640], IMAGE_SIZES.card)}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
          <StockBadge state={product.stock_state} stock={product.stock_total} />
        </span>
        <span className="product-card__name">{product.name}</span>
      </Link>
      <span className="product-card__meta">
        <Price
          priceCents={product.price_cents}
          discountCents={product.has_discount ? product.discount_price_cents : null}
          from={product.price_varies}
        />
        {product.rating.count > 0 && (
          <span
            className="product-card__rating"
            role="img"
            aria-label={t('card.rating', { average: product.rating.average.toFixed(1), count: product.rating.count })}
          >
            ★ {product.rating.average.toFixed(1)} <span aria-hidden="true">({product.rating.count})</span>
          </span>
        )}
      </span>
    </li>
  );
}

/** A grey placeholder of the same size as a card, shown while a page loads. */
export function SkeletonCard() {
  return (
    <li className="product-card product-card--skeleton" aria-hidden="true">
      <span className="product-card__media skeleton" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
    </li>
  );
}
