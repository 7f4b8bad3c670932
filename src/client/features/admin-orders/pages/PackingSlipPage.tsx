import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '@/lib/format/date';
import { ListStatus } from '@/lib/ui/ListStatus';
import { usePageTitle } from '@/lib/use-page-title';
import { useOrder } from '../api/orders-get';
import { AddressLines } from '../components/AddressLines';
import '../locales';
import '../admin-orders.css';

/**
 * /admin/orders/:orderNo/slip: a printable packing slip (order number, date, ship-to address and phone, items
 * with packaging, quantity and frequency; no prices). Printing hides the back office's frame and prints black on
 * white (admin-orders.css).
 */
export default function PackingSlipPage() {
  const { t } = useTranslation('admin-orders');
  const orderNo = useParams().orderNo ?? '';
  const order = useOrder(orderNo);
  const d = order.data;
  usePageTitle(t('slipTitle', { orderNo }));
  if (!d) return <ListStatus isPending={order.isPending} error={order.error} onRetry={() => order.refetch()} />;
  const a = d.delivery_address;
  return (
    <article className="packing-slip" aria-labelledby="packing-slip-title">
      <div className="packing-slip__tools">
        <Link to={`/admin/orders/${encodeURIComponent(d.order_no)}`}>{t('backToOrder')}</Link>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          {t('print')}
        </button>
      </div>
      <h1 id="packing-slip-title">{t('slipTitle', { orderNo: d.order_no })}</h1>
      <dl className="packing-slip__facts">
        <div>
          <dt>{t('orderNumber')}</dt>
          <dd>{d.order_no}</dd>
        </div>
        <div>
          <dt>{t('orderDate')}</dt>
          <dd>{formatDate(d.placed_at)}</dd>
        </div>
        <div>
          <dt>{t('shippingMethod')}</dt>
          <dd>{t(`shipping.${d.shipping_method}`)}</dd>
        </div>
      </dl>
      <section aria-labelledby="packing-slip-ship-to">
        <h2 id="packing-slip-ship-to">{t('shipTo')}</h2>
        <address className="packing-slip__address">
          <strong>{a.receiver_name}</strong>
          <AddressLines address={a} />
          <span>
            {t('phone')}: {a.phone}
          </span>
        </address>
      </section>
      <table className="packing-slip__items">
        <caption>{t('items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product')}</th>
            <th scope="col">{t('packaging')}</th>
            <th scope="col" className="packing-slip__num">
              {t('quantity')}
            </th>
            <th scope="col">{t('frequency')}</th>
          </tr>
        </thead>
        <tbody>
          {d.items.map((i) => (
            <tr key={i.id}>
              <td>{i.name}</td>
              <td>{i.packaging}</td>
              <td className="packing-slip__num">{i.quantity}</td>
              <td>{i.frequency_weeks > 0 ? t('every', { count: i.frequency_weeks }) : t('oneTime')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
