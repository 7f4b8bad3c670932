import type { ApiInput } from '@common/contract/api-map';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export type BankInput = ApiInput<'/v2/update-commission-bank'>;

export const updateCommissionBank = (bank: BankInput) => api('/v2/update-commission-bank', bank);

/** Saves the bank details payouts go to; the dashboard (eligibility, details) reloads after it. */
export const useUpdateCommissionBank = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommissionBank,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.affiliate.all }),
  });
};
