import type { OrderDetails } from '@common/contract/orders';
import { useTranslation } from 'react-i18next';
import { formatCountdown, useCountdown } from '../use-countdown';

interface Props {
  order: OrderDetails;
  onCancel(): void;
  onChangeAddress(): void;
}

/**
 * The 15-minute window (docs/product.md §5, An order's life): while open, a countdown and the two changes; afterwards
 * the buttons stay, disabled, with the reason. Cancelled, processing and completed orders show nothing.
 */
export function ChangeWindow({ order, onCancel, onChangeAddress }: Props) {
  const { t } = useTranslation('orders');
  const left = useCountdown(order.can_change ? order.can_change_until : null);
  if (order.status !== 'Pending' && order.status !== 'Paid') return null;
  const open = order.can_change && left > 0;
  const reasonId = `ord-window-${order.id}`;
  return (
    <div className={`ord-window${open ? ' ord-window--open' : ''}`}>
      <p id={reasonId} className="ord-window__text" aria-live="off">
        {open ? t('window.remaining', { time: formatCountdown(left) }) : t('window.closed')}
      </p>
      <div className="ord-window__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!open}
          aria-describedby={open ? undefined : reasonId}
          onClick={onChangeAddress}
        >
          {t('window.changeAddress')}
        </button>
        <button
          type="button"
          className="btn btn--secondary ord-danger"
          disabled={!open}
          aria-describedby={open ? undefined : reasonId}
          onClick={onCancel}
        >
          {t('window.cancelOrder')}
        </button>
      </div>
    </div>
  );
}
