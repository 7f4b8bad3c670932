import type { ReferralSignal } from '@common/referral-signals';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { EmailText } from '@/lib/ui/admin/EmailText';

/** A person in a row: e-mail, nickname under it. */
export function Person({ email, nickname }: { email: string; nickname: string }) {
  return (
    <span className="aaf-person">
      <span>
        <EmailText email={email} />
      </span>
      <span className="aaf-muted">{nickname}</span>
    </span>
  );
}

/** Why the shop held a commission or an award: the signals the two accounts share (docs/decisions/032). */
export function HeldFor({ signals }: { signals: readonly ReferralSignal[] }) {
  const { t } = useTranslation('admin-affiliates');
  if (signals.length === 0) return null;
  return (
    <span className="aaf-held aaf-muted">
      {t('held', { signals: signals.map((s) => t(`signals.${s}`)).join(', ') })}
    </span>
  );
}

/** The Commissions and Payouts tabs' filters: a status (or all) and the agent's e-mail. */
export function StatusAgentFilters<S extends string>({
  statusLabel,
  statuses,
  status,
  onStatus,
  statusName,
  agent,
  onAgent,
}: {
  statusLabel: string;
  statuses: readonly S[];
  status: NoInfer<S> | '';
  onStatus(status: NoInfer<S> | ''): void;
  statusName(status: NoInfer<S>): string;
  agent: string;
  onAgent(email: string): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  const statusId = useId();
  const agentId = useId();
  return (
    <div className="admin-filters">
      <label htmlFor={statusId}>
        {statusLabel}
        <select id={statusId} value={status} onChange={(e) => onStatus(e.target.value as S | '')}>
          <option value="">{t('all')}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusName(s)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={agentId}>
        {t('agentEmail')}
        <input id={agentId} type="search" value={agent} autoComplete="off" onChange={(e) => onAgent(e.target.value)} />
      </label>
    </div>
  );
}

/** A button of a row's Actions cell; `name` is its accessible name when the label alone would be ambiguous. */
export function RowAction({
  label,
  name,
  primary = false,
  disabled,
  onClick,
}: {
  label: string;
  name?: string;
  primary?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn--primary' : 'btn btn--secondary'}
      aria-label={name}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/** A dialog of these tabs with a form: the request's refusal above the buttons, Back closes it. */
export function FormDialog({
  title,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-affiliates');
  return (
    <ConfirmDialog
      form="aaf-form"
      title={title}
      closeLabel={t('close')}
      confirmLabel={confirmLabel}
      cancelLabel={t('back')}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
