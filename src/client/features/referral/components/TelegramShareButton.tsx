import { shopStartParam } from '@common/startapp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareIcon } from '@/lib/icons';
import { telegramUserIdFromLaunch, useIsInTelegram } from '@/lib/telegram/launch';
import { useSession } from '@/stores/session-store';
import { prepareTelegramShare } from '../api/prepare-telegram-share';

/**
 * The referral page's Share inside Telegram (docs/decisions/053): a prepared card of the shop with an Open button that
 * opens the Mini App with the customer's referral code (Bot API 8.0, for a customer logged in with their linked
 * Telegram account), else Telegram's share sheet with the referral link. In a browser there is none: the page's copy
 * fields and QR code are the ways to share there.
 */
export function TelegramShareButton({ link }: { link: string }) {
  const { t } = useTranslation('referral');
  const inTelegram = useIsInTelegram();
  const user = useSession((s) => s.user);
  const [busy, setBusy] = useState(false);
  if (!inTelegram) return null;

  const onShare = async () => {
    // Loaded on demand (docs/decisions/053); a chunk that does not come leaves the copy fields to share with.
    const share = await import('@/lib/telegram/share').catch(() => null);
    if (!share) return;
    const linked = Boolean(user?.telegram_user_id) && user?.telegram_user_id === telegramUserIdFromLaunch();
    if (linked && shopStartParam(user?.referral_code)) {
      setBusy(true);
      const outcome = await share.sharePreparedMessage(prepareTelegramShare).finally(() => setBusy(false));
      if (outcome === 'sent' || outcome === 'declined') return;
    }
    share.shareInTelegram(link, t('shareText'));
  };

  return (
    <button
      type="button"
      className="btn btn--secondary referral__telegram-share"
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void onShare()}
    >
      <ShareIcon size={18} /> {t('shareInTelegram')}
    </button>
  );
}
