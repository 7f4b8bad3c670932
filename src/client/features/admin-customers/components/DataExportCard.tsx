import { useTranslation } from 'react-i18next';
import { allows, useStaffMe } from '@/entities/staff/api/use-staff';
import { errorText } from '@/lib/api/error-text';
import { formatDateTime } from '@/lib/format/date';
import { useDownload } from '@/lib/hooks/use-download';
import { notify } from '@/lib/toast';
import { Card } from '@/lib/ui/admin/Card';
import { downloadCustomerCopy, useCustomerDataExport, useRequestCustomerDataExport } from '../api/data-export';
import '../data-export-locales';

/**
 * The owner's copy of a customer's data (docs/decisions/051): "Make a copy" (audited), "Preparing…", then
 * "Download" until the copy expires, with the owner's session. Shown to owners only (permission `customers.export`);
 * the server checks the role on every call.
 */
export function DataExportCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation('admin-customer-data');
  const me = useStaffMe();
  const owner = allows(me.data, 'customers.export');
  const state = useCustomerDataExport(customerId, owner);
  const request = useRequestCustomerDataExport(customerId);
  const copy = state.data?.export ?? null;
  const download = useDownload(() => downloadCustomerCopy(customerId, copy!.id), t('downloaded'));
  if (!owner) return null;
  const make = () =>
    request.mutate(undefined, {
      onSuccess: () => notify.success(t('requested')),
      onError: (err) => notify.error(errorText(err) ?? ''),
    });
  return (
    <Card title={t('title')}>
      <p>{t('intro')}</p>
      {copy?.status === 'preparing' ? (
        <p role="status">{t('preparing')}</p>
      ) : copy?.status === 'ready' && copy.expires_at ? (
        <p>
          <button type="button" className="btn btn--primary" disabled={download.busy} onClick={download.run}>
            {t('download', { until: formatDateTime(copy.expires_at) })}
          </button>
        </p>
      ) : (
        <p>
          {copy?.status === 'expired' && <span>{t('expired')} </span>}
          {copy?.status === 'failed' && <span role="alert">{t('failed')} </span>}
          <button type="button" className="btn btn--secondary" disabled={request.isPending} onClick={make}>
            {t('make')}
          </button>
        </p>
      )}
    </Card>
  );
}
