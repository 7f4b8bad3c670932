import type { PayoutRow } from '@common/contract/referral';
import { parseDollarsToCents } from '@common/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { formatCents, formatDate } from '@/lib/format/format';
import { notify } from '@/lib/toast';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus, LoadMore } from '@/lib/ui/ListStatus';
import { usePayoutRequests } from '../api/get-payout-requests';
import { useRequestPayout } from '../api/request-payout';
import { statusClass } from './CommissionTab';
import '../locales';

/**
 * Payments: the request form (disabled, with the reason, until a first confirmed commission and bank
 * details exist) and the list of requests (amount, requested on, paid on, status: Requested, Paid with the
 * bank reference, or Rejected with the reason the shop gave; a rejected amount can be requested again).
 */
export function PaymentsTab() {
  const { t } = useTranslation('affiliate');
  const list = usePayoutRequests();
  const request = useRequestPayout();
  const amountId = useId();
  const hintId = useId();
  const errorId = useId();
  const reasonId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const eligibility = list.data?.pages[0]?.payout;
  const rows = list.data?.pages.flatMap((p) => p.payouts) ?? [];
  const blocked = eligibility ? !eligibility.allowed : true;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!eligibility || blocked || request.isPending) return;
    if (!amount.trim()) return setError(t('payments.amountRequired'));
    const cents = parseDollarsToCents(amount);
    if (cents === null) return setError(t('payments.amountInvalid'));
    if (cents <= 0) return setError(t('payments.amountZero'));
    if (cents > eligibility.available_cents) {
      return setError(t('payments.amountTooHigh', { amount: formatCents(eligibility.available_cents) }));
    }
    setError(null);
    request.mutate(cents, {
      onSuccess: (answer) => {
        setAmount('');
        notify.success(t('payments.requested', { amount: formatCents(answer.payout.amount_cents) }));
      },
      onError: (err) => {
        const message = err instanceof ApiError ? (err.field('amount_cents') ?? err.message) : String(err);
        if (err instanceof ApiError && err.field('amount_cents')) setError(message);
        else notify.error(message);
      },
    });
  };

  const columns: Column<PayoutRow>[] = [
    { key: 'amount', label: t('payments.amountCol'), numeric: true, render: (p) => formatCents(p.amount_cents) },
    { key: 'requested', label: t('payments.requestedOn'), render: (p) => formatDate(p.requested_at) },
    {
      key: 'paid',
      label: t('payments.paidOn'),
      render: (p) => formatDate(p.paid_at) || t('payments.notPaid'),
    },
    {
      key: 'status',
      label: t('payments.status'),
      render: (p) => (
        <>
          <span className={statusClass(p.status)}>{t(`payments.statuses.${p.status}`)}</span>
          {p.status === 'Rejected' && p.reject_reason && (
            <span className="aff-payout-note">{t('payments.rejectReason', { reason: p.reject_reason })}</span>
          )}
          {p.status === 'Paid' && p.reference && (
            <span className="aff-payout-note">{t('payments.reference', { reference: p.reference })}</span>
          )}
        </>
      ),
    },
  ];

  if (!list.data)
    return <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />;

  const describedBy = [hintId, error ? errorId : null, blocked ? reasonId : null].filter(Boolean).join(' ');
  return (
    <div className="aff-payments">
      <form className="ref-card aff-form" onSubmit={submit} noValidate>
        <h2 className="aff-form__title">{t('payments.formTitle')}</h2>
        <p className="aff-note">
          {t('payments.available', { amount: formatCents(eligibility?.available_cents ?? 0) })}
        </p>
        {blocked && eligibility?.reason && (
          <p id={reasonId} className="aff-blocked" role="note">
            {t(`payments.reasons.${eligibility.reason}`)}
          </p>
        )}
        <div className="aff-field">
          <label htmlFor={amountId}>{t('payments.amount')}</label>
          <input
            id={amountId}
            className="aff-input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            disabled={blocked}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              setAmount(e.target.value);
              if (error) setError(null);
            }}
          />
          <span id={hintId} className="aff-hint">
            {t('payments.amountHint')}
          </span>
          {error && (
            <span id={errorId} className="aff-error" role="alert">
              {error}
            </span>
          )}
        </div>
        <button type="submit" className="btn btn--primary" disabled={blocked || request.isPending}>
          {request.isPending ? t('payments.submitting') : t('payments.submit')}
        </button>
      </form>

      <h2 className="aff-section-title">{t('payments.historyTitle')}</h2>
      <DataTable
        caption={t('payments.caption')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        empty={t('payments.empty')}
      />
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </div>
  );
}
