import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogFocus } from '@/lib/hooks/use-dialog-focus';
import { useScrollLock } from '@/lib/hooks/use-scroll-lock';
import { LogoMark } from '@/lib/icons';
import { answeredEarly, mirrorCookie } from '@/lib/ssr/boot';
import { STORAGE_KEYS, storage } from '@/lib/storage/storage';
import { LanguageSelect } from '@/lib/ui/LanguageSelect';
import './layout.css';

/**
 * docs/product.md §2, Age gate: on a first visit, until the visited flag is stored. Yes stores it and closes;
 * No shows the refusal and stays. A modal dialog: focus stays inside, the page does not scroll,
 * and it cannot be dismissed any other way (Yes is required to proceed). A Yes tapped on the server's markup
 * before the app started was answered by the page's start script (docs/decisions/027): then it is not shown again,
 * even where storage is disabled.
 */
export function AgeGate() {
  const [open, setOpen] = useState(() => storage.get(STORAGE_KEYS.hasVisited) !== 'true' && !answeredEarly());
  // A Yes answered on the server's markup while React was drawing over it (main.tsx): close as if tapped here.
  useEffect(() => {
    if (open && answeredEarly()) setOpen(false);
  }, [open]);
  useScrollLock(open);
  if (!open) return null;
  return (
    <AgeGateDialog
      onConfirm={() => {
        storage.set(STORAGE_KEYS.hasVisited, 'true');
        // The server renders the next page without the gate (docs/decisions/022).
        mirrorCookie('visited', '1');
        setOpen(false);
      }}
    />
  );
}

function AgeGateDialog({ onConfirm }: { onConfirm(): void }) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, true, { initial: dialog, returnTo: 'start' });

  return (
    <div className="overlay overlay--center age-gate__overlay">
      <div
        ref={dialog}
        className="dialog age-gate"
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        tabIndex={-1}
      >
        <LogoMark size={48} />
        <h2 id="age-gate-title" className="age-gate__title">
          {t('ageGate.title')}
        </h2>
        <div id="age-gate-text">
          <p>{t('ageGate.warning')}</p>
          <p>{t('ageGate.question')}</p>
        </div>
        {refused && (
          <p className="age-gate__refused" role="alert">
            {t('messages:ageRefused')}
          </p>
        )}
        <div className="age-gate__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setRefused(true)}>
            {t('ageGate.no')}
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm} data-age-yes="">
            {t('ageGate.yes')}
          </button>
        </div>
        {/* The language can be chosen before answering: the page reloads in it, the gate's texts with it
            (docs/decisions/055); the header's select is behind the gate. */}
        <LanguageSelect className="age-gate__lang" />
      </div>
    </div>
  );
}
