import type { ProductDetails } from '@common/contract/catalog';
import { miniAppLink, productStartParam } from '@common/startapp';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/copy-text';
import { ShareIcon } from '@/lib/icons';
import { useIsInTelegram } from '@/lib/telegram/launch';
import { shareInTelegram } from '@/lib/telegram/share';
import { notify } from '@/lib/toast';
import { useSession } from '@/stores/session-store';

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
 * Share on the product page (docs/decisions/019). Inside Telegram: Telegram's share sheet with a link that opens the
 * Mini App on this product (`?startapp=p<id>_<code>`, src/common/startapp.ts; the shop's web link when the server names
 * no Mini App). In a browser: the Web Share API where there is one, else the link is copied ("Link copied"). The
 * logged-in customer's referral code rides along either way.
 */
export function ShareButton({ product, miniApp }: { product: ProductDetails; miniApp: string | null }) {
  const { t } = useTranslation('catalog');
  const inTelegram = useIsInTelegram();
  const referralCode = useSession((s) => s.user?.referral_code) || undefined;

  const onShare = async () => {
    const text = t('share.text', { name: product.name });
    const web = webLink(product.id, referralCode);
    if (inTelegram) {
      const link = miniApp ? miniAppLink(miniApp, productStartParam(product.id, referralCode)) : web;
      if (shareInTelegram(link, text)) return;
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
      onClick={() => void onShare()}
    >
      <ShareIcon size={18} /> {t('share.button')}
    </button>
  );
}
