import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_KEYS, storage } from '@/lib/storage/storage';
import { addToHomeScreen, canAddToHomeScreen, homeScreenStatus } from '@/lib/telegram/home-screen';
import '../home-screen-locales';

/**
 * On the order-placed screen, inside Telegram (Bot API 8.0+): offers once to add the Mini App to the home screen.
 * Not shown in a browser, where Telegram cannot do it, when it is already there, or once it was offered on this
 * device (remembered in localStorage). `onClose` runs once the customer answered (the offer is gone with the button
 * pressed: the caller puts the focus somewhere that stays).
 */
export function HomeScreenOffer({ onClose }: { onClose?(): void } = {}) {
  const { t } = useTranslation('home-screen');
  const titleId = useId();
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (!canAddToHomeScreen() || storage.get(APP_KEYS.homeScreenOffered)) return;
    let live = true;
    void homeScreenStatus().then((status) => {
      if (!live || status === 'added' || status === 'unsupported') return;
      storage.set(APP_KEYS.homeScreenOffered, new Date().toISOString());
      setShow(true);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!show) return null;
  return (
    <section className="ord-block ord-home-screen" aria-labelledby={titleId}>
      <h3 id={titleId} className="ord-block__title">
        {t('title')}
      </h3>
      <p className="ord-hint">{t('hint')}</p>
      <div className="dialog__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            setShow(false);
            onClose?.();
          }}
        >
          {t('notNow')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            addToHomeScreen();
            setShow(false);
            onClose?.();
          }}
        >
          {t('add')}
        </button>
      </div>
    </section>
  );
}
