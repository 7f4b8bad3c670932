import type { AdminDashboardOutput } from '@common/contract/admin/dashboard';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable } from '@/lib/ui/DataTable';
import '../locales';

type Attention = NonNullable<AdminDashboardOutput['todo']['payment_attention']>;

/**
 * Payments that need a person (docs/decisions/040): each flagged order with why, linking to its page, where staff
 * act and then press "Mark as handled". Shown only while there are some.
 */
export function PaymentAttentionList({ attention }: { attention: Attention }) {
  const { t } = useTranslation('admin-dashboard');
  if (attention.count === 0) return null;
  return (
    <section className="admin-card" aria-labelledby="dash-attention-heading">
      <h2 id="dash-attention-heading">{t('attention.heading', { count: attention.count })}</h2>
      <DataTable
        caption={t('attention.caption')}
        rows={attention.items}
        rowKey={(r) => r.order_no}
        empty={t('attention.none')}
        columns={[
          {
            key: 'order',
            label: t('attention.order'),
            render: (r) => <Link to={`/admin/orders/${encodeURIComponent(r.order_no)}`}>{r.order_no}</Link>,
          },
          { key: 'reason', label: t('attention.reason'), render: (r) => t(`attention.reasons.${r.attention}`) },
          { key: 'total', label: t('attention.total'), numeric: true, render: (r) => formatCents(r.total_cents) },
        ]}
      />
      {attention.count > attention.items.length && (
        <p className="dash-note">{t('attention.more', { shown: attention.items.length, count: attention.count })}</p>
      )}
    </section>
  );
}
