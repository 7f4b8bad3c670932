import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { toast } from '@/lib/toast';

/**
 * Quantity from 1 to `max` (the chosen packaging's stock). Plus at the limit says "Not Enough Stock"
 * (docs/product.md §3) instead of going over. The limit is said once, by the page's stock line (`describedBy`), not
 * by a second count beside it (docs/decisions/055).
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  describedBy,
  disabled = false,
}: {
  value: number;
  max: number;
  onChange: (n: number) => void;
  /** The id of the text that says how many can be had. */
  describedBy: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const upper = Math.max(1, max);
  const set = (n: number) => onChange(Math.min(upper, Math.max(1, Math.floor(n) || 1)));
  return (
    <div className="stepper">
      <label htmlFor={id} className="stepper__label">
        {t('detail.quantity')}
      </label>
      <div className="stepper__controls">
        <button
          type="button"
          className="icon-btn stepper__btn"
          aria-label={t('detail.decrease')}
          disabled={disabled || value <= 1}
          onClick={() => set(value - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={upper}
          value={value}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (n > upper) toast.error(t('messages:notEnoughStock'), { id: 'not-enough-stock' });
            set(n);
          }}
        />
        <button
          type="button"
          className="icon-btn stepper__btn"
          aria-label={t('detail.increase')}
          aria-disabled={disabled || value >= upper}
          disabled={disabled}
          onClick={() => {
            if (value >= upper) {
              toast.error(t('messages:notEnoughStock'), { id: 'not-enough-stock' });
              return;
            }
            set(value + 1);
          }}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
