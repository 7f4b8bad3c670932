import type { OrderItem } from '@common/contract/orders';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useAddReview } from '../api/add-review';
import '../orders.css';
import { StarRating } from './StarRating';
import '@/lib/i18n/server-messages';

type Field = 'rating' | 'title' | 'description';

/** A review of one product of a completed order: rating, title and description, each with its spec message. */
export function ReviewForm({ orderId, item }: { orderId: number; item: OrderItem }) {
  const { t } = useTranslation('orders');
  const uid = useId();
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const add = useAddReview();
  const id = (f: Field) => `${uid}-${f}`;
  const errorId = (f: Field) => `${uid}-${f}-error`;

  const focusFirst = (found: Partial<Record<Field, string>>) => {
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
    const found: Partial<Record<Field, string>> = {};
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
      const fromServer: Partial<Record<Field, string>> = {};
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

  return (
    <form className="ord-review" noValidate onSubmit={submit} aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`} className="ord-review__title">
        {t('review.product', { name: item.name })}
      </h3>
      <StarRating
        name={id('rating')}
        value={rating}
        onChange={(n) => {
          setRating(n);
          setErrors((e) => ({ ...e, rating: undefined }));
        }}
        legend={t('review.rating')}
        error={errors.rating}
        errorId={errorId('rating')}
      />
      <div className="ord-field">
        <label className="ord-field__label" htmlFor={id('title')}>
          {t('review.reviewTitle')}
        </label>
        <input
          id={id('title')}
          className="input ord-field__input"
          value={title}
          maxLength={120}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors((er) => ({ ...er, title: undefined }));
          }}
          aria-required="true"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? errorId('title') : undefined}
        />
        {errors.title && (
          <p id={errorId('title')} className="ord-field__error" role="alert">
            {errors.title}
          </p>
        )}
      </div>
      <div className="ord-field">
        <label className="ord-field__label" htmlFor={id('description')}>
          {t('review.description')}
        </label>
        <textarea
          id={id('description')}
          className="input ord-field__input"
          rows={4}
          maxLength={2000}
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((er) => ({ ...er, description: undefined }));
          }}
          aria-required="true"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? errorId('description') : undefined}
        />
        {errors.description && (
          <p id={errorId('description')} className="ord-field__error" role="alert">
            {errors.description}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={add.isPending}>
        {add.isPending ? t('messages:pleaseWait') : t('review.submit')}
      </button>
    </form>
  );
}
