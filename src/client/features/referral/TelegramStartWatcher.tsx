import { parseAppStart } from '@common/startapp';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isReferralCode, markVisitRecorded, storeReferralCode, wasVisitRecorded } from '@/entities/user/referral-code';
import { takeTelegramStartParam, useIsInTelegram } from '@/lib/telegram/launch';
import { recordVisit } from './api/record-visit';

/**
 * Inside Telegram, a Mini App opened with a shared product's `startapp` (`p<id>` or `p<id>_<code>`,
 * src/common/startapp.ts) lands on `/details/{id}`; one opened with a bare referral code (the referral page's shared
 * card, docs/decisions/053) stays on the page it opened. A referral code either carries is recorded as a visit and kept
 * for registration, as `/{code}` does (once per launch, and once per code per session). Any other start parameter is
 * ignored. Renders nothing; mounted once in the layout.
 */
export function TelegramStartWatcher() {
  const inTelegram = useIsInTelegram();
  const navigate = useNavigate();
  useEffect(() => {
    if (!inTelegram) return;
    const start = parseAppStart(takeTelegramStartParam());
    if (!start) return;
    const path = start.productId === null ? null : `/details/${start.productId}`;
    const code = start.referralCode;
    if (isReferralCode(code) && !wasVisitRecorded(code)) {
      markVisitRecorded(code);
      recordVisit(code, path ? `${path}?ref=${code}` : `/${code}`)
        .then((answer) => storeReferralCode(answer.code))
        .catch(() => {
          // Unknown code or no network: the product opens all the same.
        });
    }
    if (path) navigate(path, { replace: true });
  }, [inTelegram, navigate]);
  return null;
}
