import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../../lib/storage/keys';

/** Spec §2: on a first visit, until the visited flag is stored. Yes stores it; No shows the refusal and stays. */
export function AgeGate() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => storage.get(STORAGE_KEYS.hasVisited) !== 'true');
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="overlay overlay--center">
      <div className="dialog age-gate" role="dialog" aria-modal="true" aria-labelledby="age-gate-title">
        <h2 id="age-gate-title">{t('ageGate.title')}</h2>
        <p>{t('ageGate.warning')}</p>
        <p>{t('ageGate.question')}</p>
        {refused && (
          <p className="age-gate__refused" role="alert">
            {t('messages:ageRefused')}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setRefused(true)}>
            {t('ageGate.no')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            autoFocus
            onClick={() => {
              storage.set(STORAGE_KEYS.hasVisited, 'true');
              setOpen(false);
            }}
          >
            {t('ageGate.yes')}
          </button>
        </div>
      </div>
    </div>
  );
}
