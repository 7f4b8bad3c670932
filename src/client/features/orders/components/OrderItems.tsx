import type { OrderDetails } from '@common/contract/orders';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '@/lib/ui/Thumbnail';
import { OrderTotals } from './OrderTotals';

/** The items block: each line (image, packaging, frequency, quantity, price), "Review" when allowed, the totals. */
export function OrderItems({ order, onReview }: { order: OrderDetails; onReview(): void }) {
  const { t } = useTranslation('orders');
  const freq = (weeks: number) => (weeks > 0 ? t('detail.everyWeeks', { count: weeks }) : t('detail.oneTime'));
  return (
    <section aria-labelledby="ord-items-title" className="ord-block">
      <h3 id="ord-items-title" className="ord-block__title">
        {t('detail.items')}
      </h3>
      <ul className="ord-items">
        {order.items.map((item) => (
          <li key={item.id} className="ord-item">
            {item.image ? (
              <Thumbnail className="ord-item__img" src={item.image} size={48} />
            ) : (
              <span className="ord-item__img" />
            )}
            <span className="ord-item__body">
              <span className="ord-item__name">{item.name}</span>
              <span className="ord-hint">
                {[item.variant_name, freq(item.frequency_weeks), t('detail.quantity', { count: item.quantity })]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              {order.status === 'Completed' && item.reviewed && (
                <span className="ord-badge ord-badge--completed ord-item__reviewed">{t('review.reviewed')}</span>
              )}
            </span>
            <span className="ord-item__price">{formatCents(item.line_total_cents)}</span>
          </li>
        ))}
      </ul>
      {order.can_review && (
        <button type="button" className="btn btn--secondary ord-block__action" onClick={onReview}>
          {t('actions.review')}
        </button>
      )}
      <OrderTotals order={order} />
    </section>
  );
}
