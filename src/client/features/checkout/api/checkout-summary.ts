import type { ShippingMethod } from '@common/contract/checkout';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { type CheckoutItem, itemsKey } from './cart-items';

export interface SummaryInput {
  items: CheckoutItem[];
  address_id: number | null;
  shipping_method: ShippingMethod;
}

export const checkoutSummary = (input: SummaryInput, signal?: AbortSignal) =>
  api(
    '/v2/checkout-summary',
    { items: input.items, address_id: input.address_id ?? undefined, shipping_method: input.shipping_method },
    { signal },
  );

/**
 * The server's totals for the checkout as it stands: keyed by the inputs (cart, address, method), so a
 * change asks again; the applied coupon and held cash reward are server-side, and their mutations
 * invalidate queryKeys.checkoutSummary.all. The previous answer stays on screen while the next one loads.
 */
export const useCheckoutSummary = (input: SummaryInput, enabled = true) =>
  useQuery({
    queryKey: queryKeys.checkoutSummary.one(itemsKey(input.items), input.address_id, input.shipping_method),
    queryFn: ({ signal }) => checkoutSummary(input, signal),
    enabled: enabled && input.items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
