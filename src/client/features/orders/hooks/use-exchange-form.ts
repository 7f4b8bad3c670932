import type { OrderDetails } from '@common/contract/orders';
import { type ExchangeReason, noteRequired } from '@common/exchange-rules';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { haptic } from '@/lib/telegram/haptics';
import { notify } from '@/lib/toast';
import { useRequestExchange } from '../api/exchanges';
import '@/lib/i18n/server-messages';

export type ExchangeField = 'order_item_id' | 'quantity' | 'reason' | 'note' | 'photo';
const FIELDS: readonly ExchangeField[] = ['order_item_id', 'quantity', 'reason', 'note', 'photo'];
export type ExchangeErrors = Partial<Record<ExchangeField, string>>;

/** What the form refuses before sending: a quantity outside 1 to the line's, no note for a reason that needs one. */
function refusedBeforeSending(
  t: TFunction<'exchanges'>,
  max: number,
  qty: number,
  reason: ExchangeReason,
  note: string,
) {
  const found: ExchangeErrors = {};
  if (!Number.isInteger(qty) || qty < 1 || qty > max) found.quantity = t('messages:exchangeQuantity', { max });
  if (noteRequired(reason) && !note.trim()) found.note = t('messages:exchangeNoteRequired');
  return found;
}

/** The server's refusals at the form's fields (none when it refused for another reason). */
function refusedByServer(err: unknown) {
  const at: ExchangeErrors = {};
  if (err instanceof ApiError) {
    for (const f of err.fields) {
      if (FIELDS.includes(f.field as ExchangeField)) at[f.field as ExchangeField] = f.message;
    }
  }
  return at;
}

/**
 * The "Request exchange" form's state and sending: the line (its whole quantity to start with), how many, the
 * reason, the note and the photo; refusals at their fields (checked here first: the quantity, a note for "Other"),
 * the first refused field then taking the focus; `onDone` once the request is sent. The form (`formRef`) gives its
 * first field the focus when it opens.
 */
export function useExchangeForm(order: OrderDetails, items: OrderDetails['items'], onDone: () => void) {
  const { t } = useTranslation('exchanges');
  const ask = useRequestExchange(order.id);
  const formRef = useRef<HTMLFormElement>(null);
  const [itemId, setItemId] = useState(items[0]!.id);
  const line = items.find((i) => i.id === itemId) ?? items[0]!;
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [reason, setReason] = useState<ExchangeReason>('damaged');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<ExchangeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Bumped when fields are refused: the first refused one then takes the focus.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  // Opened from "Request exchange" (which the form replaces): the focus moves to its first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('select')?.focus();
  }, []);

  /** Another line: its whole quantity to start with. */
  const chooseItem = (id: number) => {
    const next = items.find((i) => i.id === id);
    setItemId(id);
    if (next) setQuantity(String(next.quantity));
  };

  /** Only an image is taken as the photo; anything else is refused at the field. */
  const choosePhoto = (file: File | null) => {
    if (file && !file.type.startsWith('image/')) {
      setPhoto(null);
      setErrors((e) => ({ ...e, photo: t('photoNotImage') }));
      return;
    }
    setErrors(({ photo: _, ...rest }) => rest);
    setPhoto(file);
  };

  const refuse = (at: ExchangeErrors) => {
    setErrors(at);
    setRefusals((n) => n + 1);
    haptic('error');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (ask.isPending) return;
    setFormError(null);
    const qty = Number(quantity);
    const found = refusedBeforeSending(t, line.quantity, qty, reason, note);
    if (Object.keys(found).length) return refuse(found);
    setErrors({});
    try {
      const { message } = await ask.mutateAsync({
        order_id: order.id,
        order_item_id: line.id,
        quantity: qty,
        reason,
        note: note.trim() || undefined,
        photo: photo ?? undefined,
      });
      haptic('success');
      notify.success(message || t('request'));
      onDone();
    } catch (err) {
      const at = refusedByServer(err);
      if (Object.keys(at).length) refuse(at);
      else {
        haptic('error');
        setFormError(errorText(err, t('failed')));
      }
    }
  };

  return {
    formRef,
    line,
    chooseItem,
    quantity,
    setQuantity,
    reason,
    setReason,
    note,
    setNote,
    photo,
    setPhoto,
    choosePhoto,
    errors,
    formError,
    sending: ask.isPending,
    submit,
  };
}
