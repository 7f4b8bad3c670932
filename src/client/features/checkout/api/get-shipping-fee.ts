import type { ShippingMethod } from '@common/contract/checkout';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { type CheckoutItem, itemsKey } from './cart-items';

export const getShippingFee = (
  input: { state_id: number; method: ShippingMethod; items: CheckoutItem[] },
  signal?: AbortSignal,
) => api('/v1/get-shipping-fee', input, { signal });

/** The server's delivery fee of this cart to a state by one method (free above the threshold). */
export const useShippingFee = (stateId: number | null, method: ShippingMethod, items: CheckoutItem[]) =>
  useQuery({
    queryKey: queryKeys.shippingFee(stateId, method, itemsKey(items)),
    queryFn: ({ signal }) => getShippingFee({ state_id: stateId as number, method, items }, signal),
    enabled: stateId !== null && items.length > 0,
    placeholderData: keepPreviousData,
  });
