import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '@/lib/api/error-text';
import { APP_KEYS, tabStorage } from '@/lib/storage/storage';
import { useTelegramMainButton } from '@/lib/telegram/main-button';
import { notify } from '@/lib/toast';
import { useSession } from '@/stores/session-store';
import { useChangeStockAlert, useStockAlert } from '../api/stock-alert';

/**
 * "Notify me when available" (docs/decisions/018), where Add to cart would be for a product out of stock or coming
 * soon. A guest is sent to log in and back (`?redirect=/details/{id}`), the product remembered for this tab: once
 * logged in, the alert is set. Once set it says so, with "Cancel alert". Inside Telegram the MainButton is "Notify me
 * when available" while no alert is waiting (the in-page twin hidden, docs/decisions/008 and 018); once set the
 * MainButton is let go (nothing to do but wait) and the page's line with "Cancel alert" stays.
 */
export function StockAlert({ productId }: { productId: number }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const uid = useId();
  const userId = useSession((s) => s.user?.id);
  const loggedIn = userId !== undefined;
  const current = useStockAlert(userId, productId, loggedIn);
  const change = useChangeStockAlert(userId, productId);
  const waiting = Boolean(current.data?.alert && current.data.alert.told_at === null);
  const notifyRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Pressed here, the button the customer pressed gives way to the other one: the focus follows it (bumped per press).
  const [moveFocus, setMoveFocus] = useState(0);
  useEffect(() => {
    if (moveFocus) (waiting ? cancelRef : notifyRef).current?.focus();
  }, [moveFocus, waiting]);

  const send = (on: boolean, pressed = false) => {
    change.mutate(on, {
      onSuccess: ({ message }) => {
        notify.success(message);
        if (pressed) setMoveFocus((n) => n + 1);
      },
      // A refusal says why in the customer's language; no answer (network): our own text, not the browser's English.
      onError: (err) => notify.error(errorText(err, t('alert.failed')) ?? t('alert.failed')),
    });
  };

  const onNotify = () => {
    if (change.isPending) return;
    if (!loggedIn) {
      tabStorage.set(APP_KEYS.pendingStockAlert, String(productId));
      navigate(`/login?redirect=/details/${productId}`);
      return;
    }
    send(true, true);
  };

  // Back from the log-in a guest was sent to: set the alert they asked for (once).
  useEffect(() => {
    if (!loggedIn || current.isPending) return;
    if (tabStorage.get(APP_KEYS.pendingStockAlert) !== String(productId)) return;
    tabStorage.remove(APP_KEYS.pendingStockAlert);
    if (!waiting) send(true);
  }, [loggedIn, current.isPending, productId]);

  useTelegramMainButton({
    text: t('alert.notifyMe'),
    visible: !waiting,
    enabled: !change.isPending && !(loggedIn && current.isPending),
    loading: change.isPending,
    onClick: onNotify,
  });

  if (waiting) {
    return (
      <div className="stock-alert">
        {/* Not a live region: the toast announces the confirmation (once); this line stays to read and describes
            Cancel alert. */}
        <p id={`${uid}-set`} className="stock-alert__set">
          {t('alert.set')}
        </p>
        <button
          ref={cancelRef}
          type="button"
          className="btn btn--secondary stock-alert__cancel"
          aria-describedby={`${uid}-set`}
          disabled={change.isPending}
          onClick={() => send(false, true)}
        >
          {t('alert.cancel')}
        </button>
      </div>
    );
  }
  return (
    <button
      ref={notifyRef}
      type="button"
      className="btn btn--primary stock-alert__notify"
      data-primary-action="notify-me"
      disabled={change.isPending || (loggedIn && current.isPending)}
      aria-busy={change.isPending || undefined}
      onClick={onNotify}
    >
      {t('alert.notifyMe')}
    </button>
  );
}
