import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { orderKeys } from './keys';

export const getOrder = (orderNo: string, signal?: AbortSignal) =>
  api('/admin/orders/get', { order_no: orderNo }, { signal }).then((r) => r.order);

/** One order's page. */
export const useOrder = (orderNo: string) =>
  useQuery({
    queryKey: orderKeys.detail(orderNo),
    queryFn: ({ signal }) => getOrder(orderNo, signal),
    enabled: orderNo.length > 0,
  });
