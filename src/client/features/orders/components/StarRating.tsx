import { useTranslation } from 'react-i18next';
import '../orders.css';

interface Props {
  /** Unique per form: names the radio group. */
  name: string;
  value: number;
  onChange(value: number): void;
  legend: string;
  error?: string;
  errorId?: string;
}

/**
 * A 1–5 star rating as a native radio group: arrow keys move between stars, each star is labelled
 * "n stars" for screen readers, and the fieldset names the group.
 */
export function StarRating({ name, value, onChange, legend, error, errorId }: Props) {
  const { t } = useTranslation('orders');
  return (
    <fieldset className="stars" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="ord-field__label">{legend}</legend>
      <div className="stars__row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`stars__star${n <= value ? ' stars__star--on' : ''}`}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <span className="visually-hidden">{t('review.stars', { count: n })}</span>
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
              <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
            </svg>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="ord-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
