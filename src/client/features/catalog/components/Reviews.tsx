import type { ProductDetails } from '@common/contract/catalog';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format/date';
import { useProductReviews } from '../api/get-product-reviews';

/** Stars drawn as text, read out as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('catalog');
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t('reviews.stars', { rating })}>
      {'★'.repeat(full)}
      <span className="stars__off">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

/** Rating summary (average, count, a bar per star) and the reviews, newest first, with "Load more". */
export function Reviews({ productId, rating }: { productId: number; rating: ProductDetails['rating'] }) {
  const { t } = useTranslation('catalog');
  const reviews = useProductReviews(productId);
  const items = reviews.data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      {rating.count > 0 ? (
        <div className="reviews__summary">
          <div className="reviews__average">
            <strong>{rating.average.toFixed(1)}</strong>
            <Stars rating={rating.average} />
            <span>{t('reviews.basedOn', { count: rating.count })}</span>
          </div>
          <ul className="reviews__bars">
            {([5, 4, 3, 2, 1] as const).map((s) => (
              <li key={s} aria-label={t('reviews.starRow', { stars: s, count: rating.stars[s] })}>
                <span aria-hidden="true">{s}★</span>
                <span className="reviews__bar" aria-hidden="true">
                  <span style={{ width: `${rating.count ? (rating.stars[s] / rating.count) * 100 : 0}%` }} />
                </span>
                <span aria-hidden="true">{rating.stars[s]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p>{t('reviews.none')}</p>
      )}
      {items.length > 0 && (
        <ul className="reviews__list">
          {items.map((r) => (
            <li key={r.id} className="review">
              <div className="review__head">
                <Stars rating={r.rating} />
                <strong className="review__title">{r.title}</strong>
              </div>
              <p className="review__body">{r.description}</p>
              <p className="review__meta">
                {t('reviews.by', { nickname: r.nickname })} ·{' '}
                <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {reviews.isError && (
        <div role="alert" className="catalog-error">
          <p>{reviews.error.message}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void reviews.refetch()}>
            {t('list.retry')}
          </button>
        </div>
      )}
      {reviews.hasNextPage && (
        <button
          type="button"
          className="btn btn--secondary reviews__more"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? t('reviews.loading') : t('reviews.loadMore')}
        </button>
      )}
    </section>
  );
}
