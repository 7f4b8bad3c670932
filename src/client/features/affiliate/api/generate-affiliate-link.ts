import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** A referral link to a page of the shop (home: /{code}; others: ?ref={code}). */
export const generateAffiliateLink = (path: string) => api('/v2/generate-affiliate-link', { path });

export const useGenerateAffiliateLink = () => useMutation({ mutationFn: generateAffiliateLink });
