import { parseStartParam } from '@common/startapp';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isReferralCode, markVisitRecorded, storeReferralCode, wasVisitRecorded } from '@/entities/user/referral-code';
import { takeTelegramStartParam, useIsInTelegram } from '@/lib/telegram/launch';
import { recordVisit } from './api/record-visit';

/**
 * Inside Telegram, a Mini App opened with a shared product's `startapp` (`p<id>` or `p<id>_<code>`,
 * src/common/startapp.ts) lands on `/details/{id}`; a referral code it carries is recorded as a visit and kept for
 * registration, as `/{code}` does (once per launch, and once per code per session). Any other start parameter is
 * ignored. Renders nothing; mounted once in the layout.
 */
export function TelegramStartWatcher() {
  const inTelegram = useIsInTelegram();
  const navigate = useNavigate();
  useEffect(() => {
    if (!inTelegram) return;
    const start = parseStartParam(takeTelegramStartParam());
    if (!start) return;
    const path = `/details/${start.productId}`;
    const code = start.referralCode;
    if (isReferralCode(code) && !wasVisitRecorded(code)) {
      markVisitRecorded(code);
      recordVisit(code, `${path}?ref=${code}`)
        .then((answer) => storeReferralCode(answer.code))
        .catch(() => {
          // Unknown code or no network: the product opens all the same.
        });
    }
    navigate(path, { replace: true });
  }, [inTelegram, navigate]);
  return null;
}
