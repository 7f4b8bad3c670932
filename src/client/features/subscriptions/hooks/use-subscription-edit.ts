import type { Subscription } from '@common/contract/subscriptions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { type UpdateSubscriptionInput, useUpdateSubscription } from '../api/update-subscription';
import '@/lib/i18n/server-messages';

export interface Draft {
  quantity: number;
  frequency: number;
  addressId: number;
  shippingMethod: 'standard' | 'expedited';
}

const draftOf = (s: Subscription): Draft => ({
  quantity: s.quantity,
  frequency: s.frequency_weeks,
  addressId: s.address.id,
  shippingMethod: s.shipping_method,
});

/** Which of the server's field names an error message belongs to. */
export type FieldName = 'quantity' | 'frequency_weeks' | 'address_id' | 'shipping_method';
/** The refusals shown: at a field, or for the whole form. */
export type FieldErrors = Partial<Record<FieldName | 'form', string>>;
/** The element ids of the card's fields and of its form's error. */
export type FieldIds = Record<FieldName | 'form', string>;

type Changes = Omit<UpdateSubscriptionInput, 'subscription_id'>;

/**
 * A subscription card's edits: the draft (quantity, frequency, address, shipping method) and what differs from the
 * subscription; `save` sends those changes, `send` any change (Skip next delivery), `fail` shows a refusal at the
 * fields it names (those in `ids`), else on the form and as a toast.
 */
export function useSubscriptionEdit(s: Subscription, ids: FieldIds) {
  const { t } = useTranslation('subscriptions');
  const [draft, setDraft] = useState<Draft>(() => draftOf(s));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();

  const changes: Changes = {};
  if (draft.quantity !== s.quantity) changes.quantity = draft.quantity;
  if (draft.frequency !== s.frequency_weeks) changes.frequency_weeks = draft.frequency;
  if (draft.addressId !== s.address.id) changes.address_id = draft.addressId;
  if (draft.shippingMethod !== s.shipping_method) changes.shipping_method = draft.shippingMethod;
  const changed = Object.keys(changes).length > 0;

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };

  const fail = (err: unknown) => {
    haptic('error');
    if (err instanceof ApiError && err.fields.length) {
      const next: FieldErrors = {};
      for (const f of err.fields) {
        if (f.field in ids) next[f.field as FieldName] = f.message;
      }
      if (Object.keys(next).length) {
        setErrors(next);
        return;
      }
    }
    const message = err instanceof Error ? err.message : t('loadFailed');
    setErrors({ form: message });
    toast.error(message);
  };

  const send = async (input: Changes, success: string) => {
    try {
      const { subscription } = await update.mutateAsync({ subscription_id: s.id, ...input });
      setDraft(draftOf(subscription));
      setErrors({});
      toast.success(success);
    } catch (err) {
      fail(err);
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!changed) {
      setErrors({ form: t('noChanges') });
      return;
    }
    void send(changes, t('messages:subscriptionUpdated'));
  };

  return { draft, errors, changed, set, fail, send, save, update, cancel };
}
