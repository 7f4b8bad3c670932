import type { ProductDetails } from '@common/contract/catalog';
import { miniAppLink, productStartParam } from '@common/startapp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/copy-text';
import { ShareIcon } from '@/lib/icons';
import { telegramUserIdFromLaunch, useIsInTelegram } from '@/lib/telegram/launch';
import { notify } from '@/lib/toast';
import { useSession } from '@/stores/session-store';
import { prepareTelegramShare } from '../api/prepare-telegram-share';

/**
 * The shop's own link to a product, carrying the customer's referral code as `?ref=` (the layout's referral watcher
 * records that visit as `/{code}` does).
 */
function webLink(productId: number, referralCode: string | undefined): string {
  const url = new URL(`/details/${productId}`, window.location.origin);
  if (referralCode) url.searchParams.set('ref', referralCode);
  return url.toString();
}

/**
 * Inside Telegram 8.0+, for a customer logged in with their linked Telegram account: a prepared message of the product
 * (docs/decisions/053). True when it was shared or the customer closed Telegram's picker;
 * false when the link is to be shared instead (an older Telegram, a refusal, a failure).
 */
async function sharePrepared(share: TelegramShare, productId: number): Promise<boolean> {
  const outcome = await share.sharePreparedMessage(() => prepareTelegramShare(productId));
  return outcome === 'sent' || outcome === 'declined';
}

type TelegramShare = typeof import('@/lib/telegram/share');

/** lib/telegram/share.ts, loaded when Share is first pressed inside Telegram; null when its chunk does not come. */
const loadTelegramShare = (): Promise<TelegramShare | null> => import('@/lib/telegram/share').catch(() => null);

/**
 * Share on the product page (docs/decisions/019, 053). Inside Telegram: a prepared message with the product's picture,
 * price and an Open button (Bot API 8.0, for a customer logged in with their linked Telegram account); else Telegram's
 * share sheet with a link that opens the Mini App on this product (`?startapp=p<id>_<code>`, src/common/startapp.ts;
 * the shop's web link when the server names no Mini App). In a browser: the Web Share API where there is one, else the
 * link is copied ("Link copied"). The logged-in customer's referral code rides along either way.
 */
export function ShareButton({ product, miniApp }: { product: ProductDetails; miniApp: string | null }) {
  const { t } = useTranslation('catalog');
  const inTelegram = useIsInTelegram();
  const referralCode = useSession((s) => s.user?.referral_code) || undefined;
  const linkedTelegramId = useSession((s) => s.user?.telegram_user_id);
  const [busy, setBusy] = useState(false);

  const onShare = async () => {
    const text = t('share.text', { name: product.name });
    const web = webLink(product.id, referralCode);
    const share = inTelegram ? await loadTelegramShare() : null;
    if (share) {
      // Only the account's own Telegram user may share its prepared message (the server checks it too).
      if (linkedTelegramId && linkedTelegramId === telegramUserIdFromLaunch()) {
        setBusy(true);
        const shared = await sharePrepared(share, product.id).finally(() => setBusy(false));
        if (shared) return;
      }
      const link = miniApp ? miniAppLink(miniApp, productStartParam(product.id, referralCode)) : web;
      if (share.shareInTelegram(link, text)) return;
    }
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: product.name, text, url: web });
        return;
      } catch (err) {
        // The customer closed the sheet: nothing to do. Any other failure: copy the link instead.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await copyText(web);
      notify.success(t('share.copied'));
    } catch {
      notify.error(t('share.copyFailed'));
    }
  };

  return (
    <button
      type="button"
      className="btn btn--secondary product-detail__share"
      aria-label={t('share.label', { name: product.name })}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void onShare()}
    >
      <ShareIcon size={18} /> {t('share.button')}
    </button>
  );
}
