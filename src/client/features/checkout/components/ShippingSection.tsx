import type { ShippingMethod } from '@common/contract/checkout';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import { useCheckoutForm } from '@/entities/order/checkout-store';
import type { CheckoutItem } from '../api/cart-items';
import { useShippingFee } from '../api/get-shipping-fee';
import '../checkout.css';

/** The contract's shipping methods (kept here: the client imports only types from the contract, so zod stays out). */
const SHIPPING_METHODS: readonly ShippingMethod[] = ['standard', 'expedited'];

interface Props {
  /** The state of the chosen address (fees depend on it); null before an address is chosen. */
  stateId: number | null;
  items: CheckoutItem[];
}

function Fee({ stateId, method, items }: Props & { method: ShippingMethod }) {
  const { t } = useTranslation('checkout');
  const fee = useShippingFee(stateId, method, items);
  if (stateId === null) return null;
  if (fee.isError) return <span className="co-choice__price">—</span>;
  if (!fee.data) return <span className="co-choice__price co-hint">…</span>;
  return (
    <span className="co-choice__price">{fee.data.is_free ? t('shipping.free') : formatCents(fee.data.fee_cents)}</span>
  );
}

/** Shipping method: Standard (2-7 days) or Expedited (2-3 days), each with the server's fee to the chosen state. */
export function ShippingSection({ stateId, items }: Props) {
  const { t } = useTranslation('checkout');
  const method = useCheckoutForm((s) => s.shippingMethod);
  const setMethod = useCheckoutForm((s) => s.setShippingMethod);
  return (
    <section className="co-section" aria-labelledby="co-shipping-title">
      <h2 id="co-shipping-title" className="co-section__title">
        {t('shipping.title')}
      </h2>
      <fieldset className="co-choices">
        <legend className="visually-hidden">{t('shipping.title')}</legend>
        {SHIPPING_METHODS.map((m) => (
          <label key={m} className={`co-choice co-choice__main${m === method ? ' co-choice--on' : ''}`}>
            <input
              type="radio"
              name="checkout-shipping"
              value={m}
              checked={m === method}
              onChange={() => setMethod(m)}
            />
            <span className="co-choice__text">
              <strong>{t(`shipping.${m}`)}</strong>
              <span className="co-hint">{t(`shipping.${m}Days`)}</span>
            </span>
            <Fee stateId={stateId} method={m} items={items} />
          </label>
        ))}
      </fieldset>
      {stateId === null && <p className="co-hint">{t('shipping.needsAddress')}</p>}
    </section>
  );
}
