import type { OrderItem } from '@common/contract/orders';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useAddReview } from '../api/add-review';
import '@/lib/i18n/server-messages';

export type ReviewField = 'rating' | 'title' | 'description';
type Errors = Partial<Record<ReviewField, string>>;

/**
 * The review form's state (ReviewForm.tsx): rating, title and description, the shop's message at each field that
 * is missing (checked before sending, or named by the server), focus moved to the first of them, and the submit.
 */
export function useReviewForm(orderId: number, item: OrderItem) {
  const { t } = useTranslation('orders');
  const uid = useId();
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const add = useAddReview();
  const id = (f: ReviewField) => `${uid}-${f}`;
  const errorId = (f: ReviewField) => `${uid}-${f}-error`;

  const focusFirst = (found: Errors) => {
    const first = (['rating', 'title', 'description'] as const).find((f) => found[f]);
    if (!first) return;
    window.setTimeout(() => {
      const el =
        first === 'rating'
          ? document.querySelector<HTMLInputElement>(`input[name="${id('rating')}"]`)
          : document.getElementById(id(first));
      el?.focus();
    }, 0);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (rating < 1) found.rating = t('messages:selectRating');
    if (!title.trim()) found.title = t('messages:enterTitle');
    if (!description.trim()) found.description = t('messages:enterDescription');
    if (Object.keys(found).length) {
      setErrors(found);
      haptic('error');
      focusFirst(found);
      return;
    }
    try {
      await add.mutateAsync({
        order_id: orderId,
        product_id: item.product_id,
        rating,
        title: title.trim(),
        description: description.trim(),
      });
      haptic('success');
      toast.success(t('messages:reviewAdded'));
    } catch (err) {
      haptic('error');
      const fromServer: Errors = {};
      if (err instanceof ApiError) {
        for (const f of err.fields)
          if (f.field === 'rating' || f.field === 'title' || f.field === 'description') fromServer[f.field] = f.message;
      }
      if (Object.keys(fromServer).length) {
        setErrors(fromServer);
        focusFirst(fromServer);
      } else {
        toast.error(err instanceof Error ? err.message : t('loadFailed'));
      }
    }
  };

  /** A field's new value; its message goes. */
  const edit =
    <V>(field: ReviewField, set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setErrors((er) => ({ ...er, [field]: undefined }));
    };

  return {
    uid,
    id,
    errorId,
    rating,
    title,
    description,
    errors,
    setRating: edit('rating', setRating),
    setTitle: edit('title', setTitle),
    setDescription: edit('description', setDescription),
    submit,
    pending: add.isPending,
  };
}
