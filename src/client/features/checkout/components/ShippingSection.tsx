import type { ShippingMethod } from '@common/contract/checkout';
import { formatCents } from '@common/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckoutForm } from '@/entities/order/checkout-store';
import type { CheckoutItem } from '../api/cart-items';
import { useShippingFee } from '../api/get-shipping-fee';
import '../checkout.css';

interface Props {
  /** The state of the chosen address (fees depend on it); null before an address is chosen. */
  stateId: number | null;
  items: CheckoutItem[];
}

type Fee = ReturnType<typeof useShippingFee>;

function Price({ stateId, fee }: { stateId: number | null; fee: Fee }) {
  const { t } = useTranslation('checkout');
  if (stateId === null) return null;
  if (fee.isError) return <span className="co-choice__price">—</span>;
  if (!fee.data) return <span className="co-choice__price co-hint">…</span>;
  if (fee.data.offered === false) return <span className="co-choice__price co-hint">{t('shipping.notOffered')}</span>;
  return (
    <span className="co-choice__price">{fee.data.is_free ? t('shipping.free') : formatCents(fee.data.fee_cents)}</span>
  );
}

/**
 * Shipping method: Standard (2-7 days) or Expedited (2-3 days), each with the server's fee to the chosen state. A
 * method the shop does not offer to that state cannot be chosen (docs/decisions/041); when the chosen one is not
 * offered, the other is chosen instead.
 */
export function ShippingSection({ stateId, items }: Props) {
  const { t } = useTranslation('checkout');
  const method = useCheckoutForm((s) => s.shippingMethod);
  const setMethod = useCheckoutForm((s) => s.setShippingMethod);
  const fees: Record<ShippingMethod, Fee> = {
    standard: useShippingFee(stateId, 'standard', items),
    expedited: useShippingFee(stateId, 'expedited', items),
  };
  const offered = (m: ShippingMethod) => fees[m].data?.offered !== false || stateId === null;
  const other: ShippingMethod = method === 'standard' ? 'expedited' : 'standard';
  const switchTo = !offered(method) && fees[other].data?.offered ? other : null;
  useEffect(() => {
    if (switchTo) setMethod(switchTo);
  }, [switchTo, setMethod]);
  return (
    <section className="co-section" aria-labelledby="co-shipping-title">
      <h2 id="co-shipping-title" className="co-section__title">
        {t('shipping.title')}
      </h2>
      <fieldset className="co-choices">
        <legend className="visually-hidden">{t('shipping.title')}</legend>
        {(['standard', 'expedited'] as const).map((m) => (
          <label
            key={m}
            className={`co-choice co-choice__main${m === method ? ' co-choice--on' : ''}${offered(m) ? '' : ' co-choice--off'}`}
          >
            <input
              type="radio"
              name="checkout-shipping"
              value={m}
              checked={m === method}
              disabled={!offered(m)}
              onChange={() => setMethod(m)}
            />
            <span className="co-choice__text">
              <strong>{t(`shipping.${m}`)}</strong>
              <span className="co-hint">{t(`shipping.${m}Days`)}</span>
            </span>
            <Price stateId={stateId} fee={fees[m]} />
          </label>
        ))}
      </fieldset>
      {stateId === null && <p className="co-hint">{t('shipping.needsAddress')}</p>}
    </section>
  );
}
