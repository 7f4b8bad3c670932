import { isDeletedAddress, staffDeleteConfirmation } from '@common/account-deletion';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allows, useStaffMe } from '@/entities/staff/api/use-staff';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { Card } from '@/lib/ui/admin/Card';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormField } from '@/lib/ui/FormField';
import { useDeleteCustomer } from '../api/customer-delete';
import '../locales';

/**
 * The owner's "Delete account" of a customer, on the customer's request (docs/decisions/050): what happens, then the
 * customer's number typed as confirmation. Shown only with permission `customers.delete` (owners); the server checks
 * the role, the typed number and the same rules as the customer's own deletion (open orders, staff) on every call.
 */
export function DeleteAccountCard({ customerId, email }: { customerId: number; email: string }) {
  const { t } = useTranslation('admin-customers');
  const me = useStaffMe();
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  if (!allows(me.data, 'customers.delete')) return null;
  // A deleted account keeps its row with a placeholder address (docs/decisions/050): nothing is left to delete.
  const gone = deleted || isDeletedAddress(email);
  return (
    <Card title={t('deletion.title')}>
      {gone ? (
        <p role="status">{t('deletion.deleted')}</p>
      ) : (
        <>
          <p>{t('deletion.intro')}</p>
          <p>
            <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
              {t('deletion.open')}
            </button>
          </p>
        </>
      )}
      {open && !gone && (
        <DeleteDialog
          customerId={customerId}
          onDeleted={() => {
            setOpen(false);
            setDeleted(true);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Card>
  );
}

function DeleteDialog({
  customerId: id,
  onDeleted,
  onClose,
}: {
  customerId: number;
  onDeleted(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-customers');
  const remove = useDeleteCustomer(id);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = () => {
    if (typed.trim() !== staffDeleteConfirmation(id)) {
      setFieldError(t('deletion.confirmRequired', { id }));
      return;
    }
    setFieldError(null);
    remove.mutate(typed.trim(), {
      onSuccess: () => {
        notify.success(t('deletion.done', { id }));
        onDeleted();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.field('confirm')) setFieldError(err.field('confirm') ?? err.message);
      },
    });
  };
  const atField = remove.error instanceof ApiError && Boolean(remove.error.field('confirm'));
  return (
    <ConfirmDialog
      title={t('deletion.dialogTitle', { id })}
      closeLabel={t('deletion.close')}
      confirmLabel={t('deletion.confirm')}
      busyLabel={t('deletion.busy')}
      cancelLabel={t('deletion.keep')}
      busy={remove.isPending}
      error={atField ? null : remove.error}
      onConfirm={submit}
      onClose={onClose}
      form
    >
      <ul>
        <li>{t('deletion.books', { id })}</li>
        <li>{t('deletion.forfeit')}</li>
        <li>{t('deletion.subscriptions')}</li>
        <li>{t('deletion.erased')}</li>
      </ul>
      <p>
        <strong>{t('deletion.final')}</strong>
      </p>
      <FormField
        label={t('deletion.confirmLabel', { id })}
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={fieldError}
        required
      />
    </ConfirmDialog>
  );
}
