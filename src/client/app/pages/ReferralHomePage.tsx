import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { isReferralCode, markVisitRecorded, storeReferralCode, wasVisitRecorded } from '@/entities/user/referral-code';
import HomePage from '@/features/home/pages/HomePage';
import { useRecordVisit } from '@/features/referral/api/record-visit';
import { ApiError } from '@/lib/api/client';
import { ErrorPage } from '../layout/ErrorPage';
import { PageFallback } from '../layout/PageFallback';

/**
 * `/{referral_code}`: records the visit (once per code per session), keeps the code for registration,
 * then shows the home page. An unknown code shows the not-found page.
 */
export default function ReferralHomePage() {
  const { referralCode = '' } = useParams();
  const valid = isReferralCode(referralCode);
  // Decided once per code: a visit already recorded in this session is not recorded again.
  const [alreadyRecorded] = useState(() => valid && wasVisitRecorded(referralCode));
  const visit = useRecordVisit(referralCode, `/${referralCode}`, valid && !alreadyRecorded);

  const unknown = visit.error instanceof ApiError && visit.error.code === 404;
  useEffect(() => {
    if (visit.data) {
      storeReferralCode(visit.data.code);
      markVisitRecorded(referralCode);
    } else if (visit.error && !unknown) {
      // The visit could not be recorded (network): keep the code anyway; registration checks it.
      storeReferralCode(referralCode);
    }
  }, [visit.data, visit.error, unknown, referralCode]);
  useEffect(() => {
    if (alreadyRecorded) storeReferralCode(referralCode);
  }, [alreadyRecorded, referralCode]);

  if (!valid || unknown) return <ErrorPage notFound />;
  if (!alreadyRecorded && visit.isPending) return <PageFallback />;
  return <HomePage />;
}
