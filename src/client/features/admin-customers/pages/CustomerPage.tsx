import type { AdminCustomerDetail } from '@common/contract/admin/customers';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Card, Facts } from '@/lib/ui/admin/Card';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useCustomer } from '../api/customers-get';
import { DataExportCard } from '../components/DataExportCard';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import '../locales';
import { EmailText } from '@/lib/ui/admin/EmailText';

type Detail = AdminCustomerDetail;

/** /admin/customers/:id: one customer's profile, Telegram link, orders, cash reward, referrals and subscriptions. */
export default function CustomerPage() {
  const { t } = useTranslation('admin-customers');
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const d = customer.data;
  return (
    <AdminPage title={d ? d.profile.nickname || d.profile.email : t('title')}>
      <p>
        <Link to="/admin/customers">{t('backToList')}</Link>
      </p>
      {!d ? (
        <ListStatus isPending={customer.isPending} error={customer.error} onRetry={() => customer.refetch()} />
      ) : (
        <div className="admin-grid">
          <Profile d={d} />
          <Telegram d={d} />
          <Orders d={d} />
          <CashReward d={d} />
          <Referrals d={d} />
          <Subscriptions d={d} />
          <DataExportCard customerId={d.profile.id} />
          <DeleteAccountCard customerId={d.profile.id} email={d.profile.email} />
        </div>
      )}
    </AdminPage>
  );
}

function Profile({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-customers');
  const p = d.profile;
  return (
    <Card title={t('profile')}>
      <Facts
        items={[
          [t('nickname'), p.nickname],
          [
            t('email'),
            <a href={`mailto:${p.email}`}>
              <EmailText email={p.email} />
            </a>,
          ],
          [t('phone'), p.phone],
          [t('language'), p.language === 'zh' ? '中文' : 'English'],
          [t('joined'), formatDate(p.joined_at)],
          [t('agent'), p.is_agent ? t('agentRate', { rate: p.commission_rate_bp / 100 }) : t('notAgent')],
          [t('referralCode'), p.referral_code],
        ]}
      />
    </Card>
  );
}

function Telegram({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-customers');
  const tg = d.telegram;
  const who = [tg.name, tg.username ? `@${tg.username}` : null].filter(Boolean).join(' ');
  return (
    <Card title={t('telegram')}>
      <p>
        <span className={tg.linked ? 'admin-badge admin-badge--ok' : 'admin-badge'}>
          {tg.linked ? t('linked') : t('notLinked')}
        </span>
      </p>
      {tg.linked && who && <Facts items={[[t('telegramUser'), who]]} />}
    </Card>
  );
}

function Orders({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-customers');
  type Row = Detail['orders']['latest'][number];
  const columns: Column<Row>[] = [
    { key: 'no', label: t('orderNo'), render: (o) => <Link to={`/admin/orders/${o.order_no}`}>{o.order_no}</Link> },
    { key: 'status', label: t('status'), render: (o) => t(`orderStatus.${o.status}`) },
    { key: 'total', label: t('total'), numeric: true, render: (o) => formatCents(o.total_cents) },
    { key: 'date', label: t('date'), render: (o) => formatDateTime(o.placed_at) },
  ];
  return (
    <Card title={t('orders')}>
      {d.orders.total > 0 && <p>{t('ordersTotal', { count: d.orders.total })}</p>}
      <DataTable
        caption={t('ordersCaption')}
        columns={columns}
        rows={d.orders.latest}
        rowKey={(o) => o.id}
        empty={t('noOrders')}
      />
    </Card>
  );
}

function CashReward({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-customers');
  type Row = Detail['cash_reward']['entries'][number];
  const columns: Column<Row>[] = [
    { key: 'type', label: t('type'), render: (e) => t(`ledgerType.${e.type}`, { defaultValue: e.type }) },
    { key: 'amount', label: t('amount'), numeric: true, render: (e) => formatCents(e.amount_cents) },
    { key: 'after', label: t('balanceAfter'), numeric: true, render: (e) => formatCents(e.balance_after_cents) },
    {
      key: 'order',
      label: t('order'),
      render: (e) => (e.order_no ? <Link to={`/admin/orders/${e.order_no}`}>{e.order_no}</Link> : '—'),
    },
    { key: 'date', label: t('date'), render: (e) => formatDate(e.created_at) },
  ];
  return (
    <Card title={t('cashReward')}>
      <Facts items={[[t('balance'), formatCents(d.cash_reward.balance_cents)]]} />
      <DataTable
        caption={t('ledgerCaption')}
        columns={columns}
        rows={d.cash_reward.entries}
        rowKey={(e) => e.id}
        empty={t('noLedger')}
      />
    </Card>
  );
}

function Referrals({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-customers');
  const r = d.referral;
  type Row = Detail['referral']['downlines'][number];
  const columns: Column<Row>[] = [
    {
      key: 'who',
      label: t('nickname'),
      render: (m) => <Link to={`/admin/customers/${m.id}`}>{m.nickname || m.email}</Link>,
    },
    { key: 'email', label: t('email'), render: (m) => m.email },
    { key: 'joined', label: t('joined'), render: (m) => formatDate(m.joined_at) },
  ];
  return (
    <Card title={t('referrals')}>
      <Facts
        items={[
          [
            t('upline'),
            r.upline ? (
              <Link to={`/admin/customers/${r.upline.id}`}>
                {r.upline.nickname} ({r.upline.email})
              </Link>
            ) : (
              t('noUpline')
            ),
          ],
          [t('downlines'), t('downlinesCount', { count: r.downlines_count })],
        ]}
      />
      {r.downlines.length > 0 && (
        <DataTable caption={t('downlinesCaption')} columns={columns} rows={r.downlines} rowKey={(m) => m.id} empty="" />
      )}
    </Card>
  );
}

function Subscriptions({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-customers');
  type Row = Detail['subscriptions'][number];
  const columns: Column<Row>[] = [
    { key: 'product', label: t('product'), render: (s) => `${s.product} (${s.packaging})` },
    { key: 'qty', label: t('quantity'), numeric: true, render: (s) => s.quantity },
    { key: 'every', label: t('frequency'), render: (s) => t('every', { count: s.frequency_weeks }) },
    {
      key: 'status',
      label: t('status'),
      render: (s) => (
        <span className={s.status === 'active' ? 'admin-badge admin-badge--ok' : 'admin-badge'}>
          {t(`subStatus.${s.status}`)}
        </span>
      ),
    },
    { key: 'next', label: t('nextDue'), render: (s) => (s.status === 'active' ? formatDate(s.next_due_at) : '—') },
  ];
  return (
    <Card title={t('subscriptions')}>
      <DataTable
        caption={t('subscriptionsCaption')}
        columns={columns}
        rows={d.subscriptions}
        rowKey={(s) => s.id}
        empty={t('noSubscriptions')}
      />
    </Card>
  );
}
