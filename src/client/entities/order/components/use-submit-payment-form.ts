import type { OrderDetails } from '@common/contract/orders';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useSubmitPayment } from '../api/submit-payment';
import '../locales';
import '@/lib/i18n/server-messages';

type Errors = { payment_reference?: string; receipt?: string; form?: string };

/**
 * The "Submit payment" form's state (SubmitPaymentForm.tsx): the reference, the receipt image (anything but an image
 * is refused at once), the messages at each field, and the submit that checks both before sending.
 */
export function useSubmitPaymentForm(order: OrderDetails) {
  const { t } = useTranslation('order');
  const submit = useSubmitPayment();
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!reference.trim()) next.payment_reference = t('messages:enterPaymentReference');
    if (!receipt) next.receipt = t('messages:uploadReceipt');
    if (next.payment_reference || next.receipt) {
      setErrors(next);
      haptic('error');
      return;
    }
    try {
      await submit.mutateAsync({ order_id: order.id, payment_reference: reference.trim(), receipt: receipt as File });
      toast.success(t('messages:paymentSubmitted'));
    } catch (err) {
      haptic('error');
      if (err instanceof ApiError && (err.field('payment_reference') || err.field('receipt'))) {
        setErrors({ payment_reference: err.field('payment_reference'), receipt: err.field('receipt') });
        return;
      }
      const message = err instanceof Error ? err.message : t('loadFailed');
      setErrors({ form: message });
      toast.error(message);
    }
  };

  const editReference = (text: string) => {
    setReference(text);
    setErrors((x) => ({ ...x, payment_reference: undefined, form: undefined }));
  };

  const chooseReceipt = (file: File | null) => {
    if (file && !file.type.startsWith('image/')) {
      setReceipt(null);
      setErrors((x) => ({ ...x, receipt: t('messages:receiptNotImage') }));
      return;
    }
    setReceipt(file);
    setErrors((x) => ({ ...x, receipt: undefined, form: undefined }));
  };

  return { reference, receipt, errors, editReference, chooseReceipt, onSubmit, pending: submit.isPending };
}
