import { useMemo } from 'react';
import { useCart } from '@/entities/cart/cart-store';
import { usePaymentMethods } from '@/entities/order/api/get-all-payment-method';
import { useCheckoutForm } from '@/entities/order/checkout-store';
import { useAddresses } from '@/entities/user/api/get-addresses';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { useIsInTelegram } from '@/lib/telegram/launch';
import { toCheckoutItems } from './api/cart-items';
import { type SummaryInput, useCheckoutSummary } from './api/checkout-summary';

/** How long the inputs must stay put before the server is asked for new totals. */
const SUMMARY_DEBOUNCE_MS = 300;

/**
 * What every part of the checkout reads: the cart as the contract takes it, the saved addresses, the
 * payment methods, and the server's summary for the current choices (asked again, debounced, when the
 * cart, address or shipping method change). Queries are shared through react-query's cache.
 */
export function useCheckoutData() {
  const lines = useCart((s) => s.lines);
  const chosenAddressId = useCheckoutForm((s) => s.addressId);
  const shippingMethod = useCheckoutForm((s) => s.shippingMethod);
  const chosenPayment = useCheckoutForm((s) => s.paymentMethod);
  const addresses = useAddresses();
  const paymentMethods = usePaymentMethods();
  const items = useMemo(() => toCheckoutItems(lines), [lines]);
  const inTelegram = useIsInTelegram();
  // A card order starting subscriptions may save its card for their renewals, in a browser only (docs/decisions/040).
  const renewalFrequencies = useMemo(
    () => (inTelegram ? [] : items.flatMap((i) => (i.frequency_weeks ? [i.frequency_weeks] : []))),
    [items, inTelegram],
  );
  const list = addresses.data?.addresses;
  // The chosen address while it exists; else the default one (the list comes default first).
  const addressId = list?.some((a) => a.id === chosenAddressId) ? chosenAddressId : (list?.[0]?.id ?? null);
  const methods = paymentMethods.data?.payment_methods;
  const input = useMemo<SummaryInput>(
    () => ({ items, address_id: addressId, shipping_method: shippingMethod }),
    [items, addressId, shippingMethod],
  );
  // Wait for the addresses so the first summary already has the default address (one request, not
  // two); from then on, changes are asked for once they settle.
  const settled = useDebounced(addresses.isPending ? null : input, SUMMARY_DEBOUNCE_MS);
  const summary = useCheckoutSummary(settled ?? input, settled !== null);
  return {
    lines,
    items,
    renewalFrequencies,
    /** The address the order goes to: the chosen one, else the default; null when there is none. */
    addressId,
    address: list?.find((a) => a.id === addressId) ?? null,
    shippingMethod,
    /** The chosen payment method, else the first available one. */
    paymentMethod: methods?.find((m) => m.code === chosenPayment) ?? methods?.find((m) => m.available) ?? null,
    addresses,
    paymentMethods,
    summary,
    /**
     * True while the shown totals are not those of the current choices: the debounced input has not caught up
     * (an address just added or chosen, another shipping method), the previous answer is kept on screen while the
     * next loads, or it is being asked again. Nothing may be placed meanwhile: the order would go with the new
     * choices and the old total, and the server refuses it (409 totalChanged).
     */
    summaryStale: settled !== input || summary.isPlaceholderData || summary.isFetching,
  };
}
