import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '@/lib/api/error-text';
import { haptic } from '@/lib/telegram/haptics';
import { notify } from '@/lib/toast';
import { type BuyAgainReport, useBuyAgain } from '../api/buy-again';
import '../buy-again-locales';

interface Props {
  orderId: number;
  orderNo: string;
  /** Extra class for the button (the list card's buttons are smaller). */
  className?: string;
}

/**
 * "Buy again": puts the order's lines that are still on sale into the cart at today's prices. All added: a toast
 * and the cart. Otherwise the dialog says what could not be added (and why) and offers the cart.
 */
export function BuyAgain({ orderId, orderNo, className = 'btn btn--secondary' }: Props) {
  const { t } = useTranslation('buy-again');
  const navigate = useNavigate();
  const buy = useBuyAgain();
  const [report, setReport] = useState<BuyAgainReport | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Closing the report removes the button pressed: the focus goes back to Buy again.
  const dismiss = () => {
    setReport(null);
    buttonRef.current?.focus();
  };

  const run = async () => {
    setReport(null);
    try {
      const result = await buy.mutateAsync(orderId);
      if (result.problems.length === 0 && result.asOneTime.length === 0) {
        haptic('success');
        notify.success(t('allAdded'));
        navigate('/cart');
        return;
      }
      if (result.addedLines > 0) haptic('warning');
      setReport(result);
    } catch (err) {
      // A refusal says why in the customer's language; no answer (network): our own text, not the browser's English.
      notify.error(errorText(err, t('failed')) ?? t('failed'));
    }
  };

  return (
    <div className="ord-buy-again">
      <button
        ref={buttonRef}
        type="button"
        className={className}
        // Busy, the name says so too (the visible "Adding…" would be hidden behind the name), as other busy buttons do.
        aria-label={t(buy.isPending ? 'workingFor' : 'buttonFor', { no: orderNo })}
        disabled={buy.isPending}
        aria-busy={buy.isPending || undefined}
        onClick={() => void run()}
      >
        {buy.isPending ? t('working') : t('button')}
      </button>
      {report && (
        <div role="alert" className="ord-buy-again__report">
          <p>{report.addedUnits > 0 ? t('someAdded', { count: report.addedUnits }) : t('noneAdded')}</p>
          <ul>
            {report.problems.map((p) => (
              <li key={`${p.reason}:${p.name}:${p.variant}`}>
                {t(`reasons.${p.reason}`, { name: p.name, variant: p.variant, count: p.left })}
              </li>
            ))}
            {report.asOneTime.map((n) => (
              <li key={`once:${n.name}:${n.variant}`}>{t('asOneTime', { name: n.name, variant: n.variant })}</li>
            ))}
          </ul>
          <div className="dialog__actions">
            <button type="button" className="btn btn--secondary" onClick={dismiss}>
              {t('dismiss')}
            </button>
            {report.addedLines > 0 && (
              <button type="button" className="btn btn--primary" onClick={() => navigate('/cart')}>
                {t('goToCart')}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
