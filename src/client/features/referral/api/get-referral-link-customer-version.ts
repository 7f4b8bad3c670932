import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** The caller's referral code, link and the text of its QR code. */
export const getReferralLinkCustomerVersion = (signal?: AbortSignal) =>
  api('/v2/get-referral-link-customer-version', {}, { signal });

export const useReferralLinkCustomerVersion = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.referral.link,
    queryFn: ({ signal }) => getReferralLinkCustomerVersion(signal),
    enabled,
  });
