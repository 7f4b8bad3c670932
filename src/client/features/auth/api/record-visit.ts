import { getVisitorKey } from '@/entities/user/referral-code';
import { api } from '@/lib/api/client';

/** Counts `/login/{code}` as a visit of the referral link (best effort: the caller ignores a refusal). */
export const recordLoginVisit = (code: string) =>
  api('/v2/record-visit', {
    code,
    link: `/login/${code}`,
    origin: document.referrer || 'direct',
    visitor_key: getVisitorKey(),
  });
