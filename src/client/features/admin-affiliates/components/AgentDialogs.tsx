import type { AdminAgentRow } from '@common/contract/admin/affiliates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormField } from '@/lib/ui/FormField';
import { useMakeAgent } from '../api/affiliates-make-agent';
import { useSetRate } from '../api/affiliates-rate';
import { useRevokeAgent } from '../api/affiliates-revoke';
import { bpToPercent, percentToBp } from '../percent';
import { FormDialog } from './TabParts';

/** Make a customer an agent (by e-mail), at the default rate unless one is typed; also makes a revoked one again. */
export function MakeAgentDialog({
  defaultRateBp,
  email: initialEmail = '',
  rateBp,
  onClose,
}: {
  defaultRateBp?: number;
  email?: string;
  rateBp?: number;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  const make = useMakeAgent();
  const [email, setEmail] = useState(initialEmail);
  const [rate, setRate] = useState(rateBp === undefined ? '' : bpToPercent(rateBp));
  const [errors, setErrors] = useState<{ email?: string; rate?: string }>({});
  const submit = () => {
    const next: typeof errors = {};
    if (!email.trim()) next.email = t('agents.emailRequired');
    const bp = rate.trim() ? percentToBp(rate) : undefined;
    if (bp === null) next.rate = t('agents.rateInvalid');
    setErrors(next);
    if (next.email || next.rate) return;
    make.mutate(
      { email: email.trim(), ...(bp === undefined || bp === null ? {} : { rate_bp: bp }) },
      {
        onSuccess: (agent) => {
          notify.success(t('done.made', { email: agent.email, rate: bpToPercent(agent.rate_bp) }));
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.field('email')) setErrors({ email: err.field('email') ?? err.message });
          else if (err instanceof ApiError && err.field('rate_bp')) setErrors({ rate: err.field('rate_bp') ?? '' });
        },
      },
    );
  };
  const fieldError = make.error instanceof ApiError && (make.error.field('email') || make.error.field('rate_bp'));
  return (
    <FormDialog
      title={t('agents.makeTitle')}
      confirmLabel={t('agents.make')}
      busy={make.isPending}
      error={fieldError ? null : make.error}
      onConfirm={submit}
      onClose={onClose}
    >
      <p>{t('agents.makeIntro')}</p>
      <FormField
        label={t('agents.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        required
      />
      <FormField
        label={t('agents.rate')}
        inputMode="decimal"
        autoComplete="off"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        hint={t('agents.rateHint', { rate: defaultRateBp === undefined ? '10' : bpToPercent(defaultRateBp) })}
        error={errors.rate}
      />
    </FormDialog>
  );
}

/** An agent's commission rate, in percent. */
export function RateDialog({ agent, onClose }: { agent: AdminAgentRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const setRate = useSetRate();
  const [rate, setRateText] = useState(bpToPercent(agent.rate_bp));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const bp = percentToBp(rate);
    if (bp === null) return setError(t('agents.rateInvalid'));
    setError(null);
    setRate.mutate(
      { user_id: agent.user_id, rate_bp: bp },
      {
        onSuccess: (saved) => {
          notify.success(t('done.rate', { rate: bpToPercent(saved.rate_bp) }));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('agents.rateTitle', { email: agent.email })}
      confirmLabel={t('agents.save')}
      busy={setRate.isPending}
      error={setRate.error}
      onConfirm={submit}
      onClose={onClose}
    >
      <FormField
        label={t('agents.rate')}
        inputMode="decimal"
        autoComplete="off"
        value={rate}
        onChange={(e) => setRateText(e.target.value)}
        hint={t('agents.rateHintEdit')}
        error={error}
      />
    </FormDialog>
  );
}

/** Revoke an agent (confirmed). */
export function RevokeDialog({ agent, onClose }: { agent: AdminAgentRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const revoke = useRevokeAgent();
  return (
    <ConfirmDialog
      title={t('agents.revokeTitle', { email: agent.email })}
      closeLabel={t('close')}
      confirmLabel={t('agents.revokeConfirm')}
      cancelLabel={t('agents.keep')}
      busy={revoke.isPending}
      error={revoke.error}
      onConfirm={() =>
        revoke.mutate(agent.user_id, {
          onSuccess: (saved) => {
            notify.success(t('done.revoked', { email: saved.email }));
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>{t('agents.revokeText')}</p>
    </ConfirmDialog>
  );
}
