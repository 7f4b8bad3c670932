import type { AdminPackaging } from '@common/contract/admin/products';
import { MAX_STOCK_CHANGE, parseStockChange } from '@common/stock-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import { useAdjustStock } from '../api/stock-adjust';
import './stock-locales';

export type AdjustErrors = Partial<Record<'packaging_id' | 'delta' | 'reason' | 'form', string>>;

/**
 * The Adjust stock dialog's form (StockCard.tsx): the packaging, the typed change and reason, the stock the change
 * would leave, and the submit that checks them before sending (the server's refusal shows at its field).
 */
export function useAdjustStockForm(packagings: AdminPackaging[], onDone: () => void) {
  const { t } = useTranslation('admin-stock');
  const adjust = useAdjustStock();
  const [packagingId, setPackagingId] = useState(packagings[0]!.id);
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<AdjustErrors>({});
  const packaging = packagings.find((v) => v.id === packagingId) ?? packagings[0]!;
  const delta = parseStockChange(change);
  const after = delta === null ? null : packaging.stock + delta;
  const edited = (field: keyof AdjustErrors) => setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));

  const submit = async () => {
    const found: AdjustErrors = {
      delta:
        delta === null
          ? t('changeInvalid', { max: MAX_STOCK_CHANGE })
          : after !== null && after < 0
            ? t('notEnough', { stock: packaging.stock, taken: -delta })
            : undefined,
      reason: reason.trim() ? undefined : t('reasonRequired'),
    };
    if (found.delta || found.reason || delta === null) return setErrors(found);
    try {
      const { message } = await adjust.mutateAsync({ packaging_id: packaging.id, delta, reason: reason.trim() });
      if (message) notify.success(message);
      onDone();
    } catch (err) {
      setErrors(serverErrors(err, t('failed')));
    }
  };

  return {
    packagingId,
    packaging,
    after,
    change,
    reason,
    errors,
    busy: adjust.isPending,
    choosePackaging: (id: number) => {
      setPackagingId(id);
      edited('packaging_id');
      edited('delta');
    },
    changeTo: (text: string) => {
      setChange(text);
      edited('delta');
    },
    reasonTo: (text: string) => {
      setReason(text);
      edited('reason');
    },
    submit,
  };
}

/** The server's refusal at the fields it names (the 409 of "not enough stock" names `delta`), else for the form. */
function serverErrors(err: unknown, fallback: string): AdjustErrors {
  if (!(err instanceof ApiError) || err.code === 0) return { form: errorText(err, fallback) ?? fallback };
  const at: AdjustErrors = {
    packaging_id: err.field('packaging_id'),
    delta: err.field('delta'),
    reason: err.field('reason'),
  };
  // A refusal of the packaging itself (gone, retired) is shown for the form: the select may be hidden.
  if (at.packaging_id) return { form: at.packaging_id };
  return at.delta || at.reason ? at : { form: err.message };
}
