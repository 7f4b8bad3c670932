import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isReferralCode, markVisitRecorded, storeReferralCode, wasVisitRecorded } from '@/entities/user/referral-code';
import { recordVisit } from './api/record-visit';

/**
 * Links made by the affiliate link generator point at any shop page with `?ref={code}`: on such a page
 * this records the visit (once per code per session) and keeps the code for registration. Renders
 * nothing; mounted once in the layout.
 */
export function ReferralParamWatcher() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const code = new URLSearchParams(search).get('ref');
    if (!isReferralCode(code) || wasVisitRecorded(code)) return;
    markVisitRecorded(code);
    recordVisit(code, `${pathname}${search}`)
      .then((answer) => storeReferralCode(answer.code))
      .catch(() => {
        // Unknown code or no network: the page itself is unaffected.
      });
  }, [pathname, search]);
  return null;
}
