import type { OrderItem } from '@common/contract/orders';
import { useTranslation } from 'react-i18next';
import { useReviewForm } from '../hooks/use-review-form';
import '../orders.css';
import { StarRating } from './StarRating';
import '@/lib/i18n/server-messages';

/**
 * A review of one product of a completed order: rating, title and description, each with its message
 * (docs/product.md §8).
 */
export function ReviewForm({ orderId, item }: { orderId: number; item: OrderItem }) {
  const { t } = useTranslation('orders');
  const form = useReviewForm(orderId, item);
  const { uid, id, errorId, errors } = form;

  return (
    <form className="ord-review" noValidate onSubmit={form.submit} aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`} className="ord-review__title">
        {t('review.product', { name: item.name })}
      </h3>
      <StarRating
        name={id('rating')}
        value={form.rating}
        onChange={form.setRating}
        legend={t('review.rating')}
        error={errors.rating}
        errorId={errorId('rating')}
      />
      <div className="ord-field">
        <label className="ord-field__label" htmlFor={id('title')}>
          {t('review.reviewTitle')}
        </label>
        <input
          id={id('title')}
          className="input ord-field__input"
          value={form.title}
          maxLength={120}
          onChange={(e) => form.setTitle(e.target.value)}
          aria-required="true"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? errorId('title') : undefined}
        />
        {errors.title && (
          <p id={errorId('title')} className="ord-field__error" role="alert">
            {errors.title}
          </p>
        )}
      </div>
      <div className="ord-field">
        <label className="ord-field__label" htmlFor={id('description')}>
          {t('review.description')}
        </label>
        <textarea
          id={id('description')}
          className="input ord-field__input"
          rows={4}
          maxLength={2000}
          value={form.description}
          onChange={(e) => form.setDescription(e.target.value)}
          aria-required="true"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? errorId('description') : undefined}
        />
        {errors.description && (
          <p id={errorId('description')} className="ord-field__error" role="alert">
            {errors.description}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {form.pending ? t('messages:pleaseWait') : t('review.submit')}
      </button>
    </form>
  );
}
