import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

/** The caller's referral code, link and the text of its QR code. */
export const getReferralLinkCustomerVersion = (signal?: AbortSignal) =>
  api('/v2/get-referral-link-customer-version', {}, { signal });

export const useReferralLinkCustomerVersion = (enabled = true) =>
  useQuery({
    queryKey: ['referral', 'link-customer'],
    queryFn: ({ signal }) => getReferralLinkCustomerVersion(signal),
    enabled,
  });
