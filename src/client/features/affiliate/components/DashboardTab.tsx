import { useTranslation } from 'react-i18next';
import { formatCents, formatRate } from '@/lib/format/format';
import { CopyField } from '@/lib/ui/CopyField';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useAffiliateDashboard } from '../api/affiliate-dashboard';
import '../locales';

/** Totals: commission (total, paid, pending), balance available for payout, visits, conversions, downlines. */
export function DashboardTab() {
  const { t } = useTranslation('affiliate');
  const dashboard = useAffiliateDashboard();
  const d = dashboard.data;
  if (!d) {
    return (
      <ListStatus isPending={dashboard.isPending} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
    );
  }
  const stats: Array<[string, string, boolean?]> = [
    [t('dashboard.totalCommission'), formatCents(d.commission_total_cents)],
    [t('dashboard.paid'), formatCents(d.commission_paid_cents)],
    [t('dashboard.pending'), formatCents(d.commission_pending_cents)],
    [t('dashboard.available'), formatCents(d.payout.available_cents), true],
    [t('dashboard.visits'), String(d.visits)],
    [t('dashboard.conversions'), String(d.conversions)],
    [t('dashboard.downlines'), String(d.downlines)],
  ];
  return (
    <div className="aff-dashboard">
      <dl className="stat-grid">
        {stats.map(([label, value, accent]) => (
          <div key={label} className={`stat${accent ? ' stat--accent' : ''}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="aff-note">{t('dashboard.rate', { rate: formatRate(d.rate_bp) })}</p>
      <div className="ref-card aff-dashboard__links">
        <CopyField label={t('dashboard.yourCode')} value={d.code} copyLabel={t('dashboard.copyCode')} />
        <CopyField label={t('dashboard.yourLink')} value={d.link} copyLabel={t('dashboard.copyLink')} />
      </div>
    </div>
  );
}
