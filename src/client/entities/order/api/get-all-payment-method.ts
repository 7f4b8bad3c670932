import type { ApiOutput } from '@common/contract/api-map';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { useIsInTelegram } from '@/lib/telegram/launch';

export const getAllPaymentMethod = (signal?: AbortSignal) => api('/v2/get-all-payment-method', {}, { signal });

type Methods = ApiOutput<'/v2/get-all-payment-method'>;

/**
 * Inside Telegram the Telegram invoice is the card payment (docs/decisions/040): the provider's hosted page, which
 * would take the shopper out of the Mini App, is offered in a browser only.
 */
const withoutCard = (data: Methods): Methods => ({
  ...data,
  payment_methods: data.payment_methods.filter((m) => m.code !== 'card'),
});

export const usePaymentMethods = () => {
  const inTelegram = useIsInTelegram();
  return useQuery({
    queryKey: queryKeys.paymentMethods(),
    queryFn: ({ signal }) => getAllPaymentMethod(signal),
    staleTime: 5 * 60_000,
    select: inTelegram ? withoutCard : undefined,
  });
};
