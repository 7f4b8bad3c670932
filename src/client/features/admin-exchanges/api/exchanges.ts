import type { ExchangeStatus } from '@common/exchange-rules';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { exchangeKeys } from './keys';

/** The requests, newest first, by status (all: '') or of one order. */
export const useAdminExchanges = (status: ExchangeStatus | '', orderId: number | null = null) =>
  useCursorPages(exchangeKeys.list(status, orderId), '/admin/exchanges', {
    status: status || undefined,
    order_id: orderId ?? undefined,
  });
