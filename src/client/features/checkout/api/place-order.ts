import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

export type PlaceOrderInput = ApiInput<'/v1/order'>;

/** Places the order (multipart when a receipt is attached). The same idempotency key answers the same order. */
export const placeOrder = (input: PlaceOrderInput) => api('/v1/order', input);
