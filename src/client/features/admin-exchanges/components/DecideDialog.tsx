import type { AdminExchangeRow } from '@common/contract/admin/exchanges';
import { EXCHANGE_ANSWER_MAX } from '@common/exchange-rules';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormField } from '@/lib/ui/FormField';
import { type Decision, useDecideExchange } from '../api/decide-exchange';
import '../locales';

/**
 * Approve (with what is sent instead) or decline (with the reason) one request; the text is required. Decided, the
 * result is announced (a toast) and `onDecided` told, then the dialog closes.
 */
export function DecideDialog({
  request: r,
  decision,
  onDecided,
  onClose,
}: {
  request: AdminExchangeRow;
  decision: Decision;
  onDecided(id: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-exchanges');
  const decide = useDecideExchange();
  const [answer, setAnswer] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const approve = decision === 'approve';
  return (
    <ConfirmDialog
      title={t(approve ? 'approveTitle' : 'declineTitle')}
      closeLabel={t('close')}
      confirmLabel={t(approve ? 'confirmApprove' : 'confirmDecline')}
      busyLabel={t('working')}
      cancelLabel={t('back')}
      busy={decide.isPending}
      error={decide.error}
      form
      onConfirm={() => {
        if (!answer.trim()) {
          setMissing(true);
          field.current?.focus();
          return;
        }
        decide.mutate(
          { id: r.id, decision, answer: answer.trim() },
          {
            onSuccess: ({ message }) => {
              notify.success(message);
              onDecided(r.id);
              onClose();
            },
          },
        );
      }}
      onClose={onClose}
    >
      <p>{t('item', { name: r.name, variant: r.variant_name, quantity: r.quantity, of: r.line_quantity })}</p>
      <FormField
        label={t(approve ? 'approveField' : 'declineField')}
        hint={t(approve ? 'approveHint' : 'declineHint')}
        error={missing ? t('required') : null}
      >
        {(control) => (
          <textarea
            {...control}
            ref={field}
            className="input"
            rows={3}
            maxLength={EXCHANGE_ANSWER_MAX}
            value={answer}
            required
            onChange={(e) => {
              setAnswer(e.target.value);
              setMissing(false);
            }}
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}
