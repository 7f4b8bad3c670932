import type { AdminCoupon } from '@common/contract/admin/coupons';
import { formatCents } from '@common/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorText } from '@/lib/api/error-text';
import { formatDateTime } from '@/lib/format/date';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Card, Facts } from '@/lib/ui/admin/Card';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { AdminNotFound } from '@/lib/ui/admin/NotFound';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus } from '@/lib/ui/ListStatus';
import { type CouponFields, useCreateCoupon } from '../api/coupons-create';
import { useCoupon } from '../api/coupons-get';
import { usePauseCoupon } from '../api/coupons-pause';
import { useResumeCoupon } from '../api/coupons-resume';
import { useUpdateCoupon } from '../api/coupons-update';
import { CouponForm } from '../components/CouponForm';
import { discountText, minSpendText, perCustomerText, usesText, validText } from '../components/coupon-text';
import { StateBadge } from '../components/StateBadge';
import '../admin-coupons.css';
import '../locales';

/**
 * /admin/coupons/new (New coupon) and /admin/coupons/:id (a coupon: its summary with "12 of 100 used", Pause or
 * Resume, the latest orders that used it, and its fields to edit). Saving is the main action (Telegram's
 * MainButton inside Telegram; the form's own button in a browser). Any other address (`/admin/coupons/abc`, `/0`) is
 * the back office's "no such page".
 */
export default function CouponPage() {
  const { id } = useParams();
  if (id === undefined) return <NewCoupon />;
  return /^[1-9]\d{0,8}$/.test(id) ? <ExistingCoupon id={Number(id)} /> : <AdminNotFound />;
}

function NewCoupon() {
  const { t } = useTranslation('admin-coupons');
  const navigate = useNavigate();
  const create = useCreateCoupon();
  const formId = useId();
  const save = async (fields: CouponFields) => {
    const { data, message } = await create.mutateAsync(fields);
    if (message) notify.success(message);
    navigate(`/admin/coupons/${data.id}`, { replace: true });
  };
  return (
    <AdminPage
      title={t('newCoupon')}
      mainAction={submitAction(t('form.create'), formId, create.isPending)}
      mainActionInPage={false}
    >
      <p>
        <Link to="/admin/coupons">{t('backToList')}</Link>
      </p>
      <Card title={t('details')} className="acp-form-card">
        <CouponForm formId={formId} busy={create.isPending} onSubmit={save} />
      </Card>
    </AdminPage>
  );
}

/** The page's main action: submits the form (its checks run as for its own button). */
const submitAction = (label: string, formId: string, busy: boolean) => ({
  label,
  loading: busy,
  disabled: busy,
  onClick: () => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit(),
});

function ExistingCoupon({ id }: { id: number }) {
  const { t } = useTranslation('admin-coupons');
  const query = useCoupon(id);
  const update = useUpdateCoupon();
  const formId = useId();
  const d = query.data;
  const save = async (fields: CouponFields) => {
    const { message } = await update.mutateAsync({ ...fields, id });
    if (message) notify.success(message);
  };
  return (
    <AdminPage
      title={d ? t('couponTitle', { code: d.coupon.code }) : t('loadingTitle')}
      mainAction={d ? submitAction(t('form.save'), formId, update.isPending) : undefined}
      mainActionInPage={false}
      actions={d && <PauseResume coupon={d.coupon} />}
    >
      <p>
        <Link to="/admin/coupons">{t('backToList')}</Link>
      </p>
      {!d ? (
        <ListStatus isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <div className="admin-grid">
          <Summary coupon={d.coupon} />
          <Uses redemptions={d.redemptions} total={d.redemptions_total} />
          <Card title={t('details')} className="acp-form-card">
            {/* A new form when the coupon changed on the server (after a save: the code as stored). */}
            <CouponForm
              key={formKey(d.coupon)}
              coupon={d.coupon}
              formId={formId}
              busy={update.isPending}
              onSubmit={save}
            />
          </Card>
        </div>
      )}
    </AdminPage>
  );
}

const formKey = (c: AdminCoupon) =>
  [c.code, c.kind, c.value, c.min_spend_cents, c.starts_on, c.ends_on, c.usage_limit, c.per_user_limit].join('|');

function Summary({ coupon: c }: { coupon: AdminCoupon }) {
  const { t } = useTranslation('admin-coupons');
  return (
    <Card title={t('summary')}>
      <Facts
        items={[
          [t('col.state'), <StateBadge key="state" state={c.state} />],
          [t('col.discount'), discountText(t, c)],
          [t('col.minSpend'), minSpendText(t, c.min_spend_cents)],
          [t('col.valid'), validText(t, c)],
          [t('col.uses'), <strong key="uses">{usesText(t, c)}</strong>],
          [t('col.perCustomer'), perCustomerText(t, c.per_user_limit)],
        ]}
      />
    </Card>
  );
}

type Redemption = NonNullable<ReturnType<typeof useCoupon>['data']>['redemptions'][number];

function Uses({ redemptions, total }: { redemptions: Redemption[]; total: number }) {
  const { t } = useTranslation('admin-coupons');
  const columns: Column<Redemption>[] = [
    {
      key: 'order',
      label: t('usesCol.order'),
      render: (r) => <Link to={`/admin/orders/${encodeURIComponent(r.order_no)}`}>{r.order_no}</Link>,
    },
    {
      key: 'customer',
      label: t('usesCol.customer'),
      render: (r) => <Link to={`/admin/customers/${r.customer.id}`}>{r.customer.nickname || r.customer.email}</Link>,
    },
    { key: 'discount', label: t('usesCol.discount'), numeric: true, render: (r) => formatCents(r.discount_cents) },
    { key: 'date', label: t('usesCol.date'), render: (r) => formatDateTime(r.used_at) },
  ];
  return (
    <Card title={t('usesHeading')}>
      {total > redemptions.length && <p>{t('usesShown', { shown: redemptions.length, total })}</p>}
      <DataTable
        caption={t('usesCaption')}
        columns={columns}
        rows={redemptions}
        rowKey={(r) => r.order_no}
        empty={t('noUses')}
      />
    </Card>
  );
}

/** Pause (asks first) or Resume; the server's message as a toast. */
function PauseResume({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useTranslation('admin-coupons');
  const pause = usePauseCoupon();
  const resume = useResumeCoupon();
  const [asking, setAsking] = useState(false);
  const toast = ({ message }: { message: string }) => {
    if (message) notify.success(message);
  };
  if (!coupon.is_active) {
    return (
      <button
        type="button"
        className="btn btn--secondary"
        aria-label={t('resumeLabel', { code: coupon.code })}
        disabled={resume.isPending}
        aria-busy={resume.isPending || undefined}
        onClick={() =>
          resume
            .mutateAsync(coupon.id)
            .then(toast)
            .catch((err: unknown) => notify.error(errorText(err) ?? ''))
        }
      >
        {t('resume')}
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        aria-label={t('pauseLabel', { code: coupon.code })}
        onClick={() => {
          pause.reset();
          setAsking(true);
        }}
      >
        {t('pause')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('pauseTitle', { code: coupon.code })}
          closeLabel={t('close')}
          confirmLabel={t('pause')}
          busyLabel={t('working')}
          cancelLabel={t('keep')}
          busy={pause.isPending}
          error={pause.error}
          onConfirm={() =>
            pause
              .mutateAsync(coupon.id)
              .then(toast)
              .then(() => setAsking(false))
              .catch(() => {})
          }
          onClose={() => setAsking(false)}
        >
          <p>{t('pauseText')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
