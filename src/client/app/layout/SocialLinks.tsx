import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TelegramIcon, WeChatIcon, WhatsAppIcon } from '@/lib/icons';
import { TELEGRAM_CHANNEL_URL, WECHAT_URL, WHATSAPP_URL } from './shop-links';
import { usePointerDownOutside } from './use-pointer-down-outside';

// The QR code library loads only when someone opens the WeChat tooltip (it is not first-load code).
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

/**
 * WeChat: a button showing a QR code to scan (docs/product.md §2: "WeChat as a QR code tooltip that closes on scroll").
 * It closes on any scroll (the page or the side menu), on Escape and on a tap elsewhere.
 */
function WeChatQr() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = useCallback(() => setOpen(false), []);
  usePointerDownOutside(wrapper, open, close);
  useEffect(() => {
    if (!open) return;
    // Capture: a scroll inside the side menu does not bubble to window.
    window.addEventListener('scroll', close, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', close, { capture: true });
  }, [open, close]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape handling for the tooltip and its button
    <span
      className="social__wechat"
      ref={wrapper}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          e.nativeEvent.stopImmediatePropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="social__link"
        aria-label={t('nav.wechat')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        <WeChatIcon />
      </button>
      <span id={id} role="tooltip" className="social__tooltip" hidden={!open}>
        {open && (
          <Suspense fallback={<span className="social__qr-placeholder" />}>
            <QRCodeSVG
              value={WECHAT_URL}
              size={132}
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#1f2a24"
              title={t('nav.wechat')}
            />
          </Suspense>
        )}
        <span>{t('nav.wechatTooltip')}</span>
      </span>
    </span>
  );
}

/** Telegram channel, WhatsApp chat, WeChat QR: in the side menu and the footer. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`social ${className}`}>
      <a
        className="social__link"
        href={TELEGRAM_CHANNEL_URL}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('nav.messagingChannel')}
      >
        <TelegramIcon />
      </a>
      <a
        className="social__link"
        href={WHATSAPP_URL}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('nav.chatApp')}
      >
        <WhatsAppIcon />
      </a>
      <WeChatQr />
    </div>
  );
}
