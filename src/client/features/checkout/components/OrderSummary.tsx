import type { ApiOutput } from '@common/contract/api-map';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import '../checkout.css';
import { Thumbnail } from '@/lib/ui/Thumbnail';
import { LoadFailed } from './LoadFailed';

type Summary = ApiOutput<'/v2/checkout-summary'>;

/** A deduction: "−$1.50", or "$0.00" when there is none. */
export const minus = (cents: number) => (cents > 0 ? `−${formatCents(cents)}` : formatCents(0));

interface Props {
  summary: Summary | undefined;
  /** The totals shown are being recomputed for new choices. */
  updating: boolean;
  failed: boolean;
  onRetry(): void;
}

/** Order summary: every line and total as the server computed them for the current choices. */
export function OrderSummary({ summary, updating, failed, onRetry }: Props) {
  const { t } = useTranslation('checkout');
  const freq = (weeks: number) => (weeks > 0 ? t('summary.everyWeeks', { count: weeks }) : t('summary.oneTime'));
  const totals = summary?.totals;
  // Lines that cannot be ordered (stock, availability); a coupon problem shows at the coupon.
  const lineProblems = summary?.lines.filter((l) => l.problem) ?? [];

  return (
    <section className="co-section co-summary" aria-labelledby="co-summary-title" aria-busy={updating || undefined}>
      <h2 id="co-summary-title" className="co-section__title">
        {t('summary.title')}
      </h2>
      {!summary && !failed && <p className="co-hint">{t('loading')}</p>}
      {failed && !summary && <LoadFailed onRetry={onRetry} />}
      {summary && (
        <>
          <ul className="co-lines">
            {summary.lines.map((l) => (
              <li key={l.index} className={`co-line${l.problem ? ' co-line--problem' : ''}`}>
                {l.image ? (
                  <Thumbnail className="co-line__img" src={l.image} size={56} />
                ) : (
                  <span className="co-line__img" />
                )}
                <div className="co-line__body">
                  <span className="co-line__name">{l.name}</span>
                  <span className="co-hint co-line__meta">
                    {[l.variant_name, freq(l.frequency_weeks), t('summary.quantity', { count: l.quantity })]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {l.message && <span className="co-field__error co-line__problem">{l.message}</span>}
                </div>
                <span className="co-line__price">{formatCents(l.line_total_cents)}</span>
              </li>
            ))}
          </ul>
          {lineProblems.length > 0 && (
            <div className="co-problems" role="alert">
              <p>{t('summary.stockProblems')}</p>
              <Link to="/cart">{t('summary.editCart')}</Link>
            </div>
          )}
          {totals && (
            <dl className="co-totals">
              <div>
                <dt>{t('summary.subtotal')}</dt>
                <dd>{formatCents(totals.subtotal_cents)}</dd>
              </div>
              <div>
                <dt>{t('summary.deliveryFee')}</dt>
                <dd>{summary.state_id === null ? '—' : formatCents(totals.delivery_fee_cents)}</dd>
              </div>
              <div>
                <dt>{t('summary.couponDiscount')}</dt>
                <dd>{minus(totals.coupon_discount_cents)}</dd>
              </div>
              <div>
                <dt>{t('summary.cashReward')}</dt>
                <dd>{minus(totals.cash_reward_cents)}</dd>
              </div>
              <div className="co-totals__grand">
                <dt>{t('summary.grandTotal')}</dt>
                <dd>{formatCents(totals.total_cents)}</dd>
              </div>
            </dl>
          )}
          <p className="co-hint co-summary__status" aria-live="polite">
            {updating ? t('summary.updating') : ''}
          </p>
        </>
      )}
    </section>
  );
}
