import { AppRoot, Spinner as TelegramSpinner } from '@telegram-apps/telegram-ui';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router-dom';
import { allows, useStaffMe } from '@/entities/staff/api/use-staff';
import { ApiError } from '@/lib/api/client';
import { appLooks } from '@/lib/telegram/init';
import { AdminNotFound } from '@/lib/ui/admin/NotFound';
import { SpinnerSlot } from '@/lib/ui/Spinner';
import { RequireUser } from '../guards/RequireUser';
import { FirstScreenReady } from '../layout/FirstScreenReady';
import { PageFallback } from '../layout/PageFallback';
import { TelegramBackButton, useShellEffects } from '../layout/RootLayout';
import { AdminLayout } from './AdminLayout';
import { ADMIN_SCREENS } from './admin-screens';
import './locales';
// telegram-ui's whole stylesheet, in this lazy chunk only: the shop's first load has none of it (decision 021).
import '@telegram-apps/telegram-ui/dist/styles.css';

// Each screen's code loads when it is first opened.
const SCREENS = ADMIN_SCREENS.map((screen) => ({ ...screen, Page: lazy(screen.load) }));

/**
 * The back office at /admin/… (docs/decisions/013), loaded only when opened: a guest logs in first and comes
 * back; a customer is told the page is for staff; a staff member sees the screens their role allows (the server
 * checks the role on every path too). It sits in telegram-ui's AppRoot (Telegram's theme and platform), and its
 * loading states draw telegram-ui's Spinner (`SpinnerSlot`: PageFallback, ListStatus and the rest of lib/ui).
 */
export default function AdminApp() {
  useShellEffects();
  const looks = appLooks();
  return (
    <AppRoot appearance={looks.appearance} platform={looks.platform}>
      <TelegramBackButton home="/admin" />
      <SpinnerSlot.Provider value={TelegramSpinner}>
        <RequireUser keepSearch>
          <StaffGate />
        </RequireUser>
      </SpinnerSlot.Provider>
    </AppRoot>
  );
}

function StaffGate() {
  const { t } = useTranslation('admin');
  const me = useStaffMe();
  const allowed = useMemo(() => SCREENS.filter((s) => allows(me.data, s.permission)), [me.data]);
  if (me.isPending) return <PageFallback />;
  if (me.isError) {
    const staffOnly = me.error instanceof ApiError && me.error.code === 403;
    return (
      <main className="admin-denied">
        <h1>{staffOnly ? t('staffOnly') : t('loadFailed')}</h1>
        {staffOnly ? (
          <p>{t('staffOnlyHint')}</p>
        ) : (
          <button type="button" className="btn" onClick={() => me.refetch()}>
            {t('retry')}
          </button>
        )}
        <p>
          <Link to="/">{t('nav.toShop')}</Link>
        </p>
        <FirstScreenReady />
      </main>
    );
  }
  return (
    <AdminLayout me={me.data}>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          {allowed.map(({ path, Page }) =>
            path === '' ? (
              <Route key="index" index element={<Page />} />
            ) : (
              <Route key={path} path={path} element={<Page />} />
            ),
          )}
          <Route path="*" element={<AdminNotFound />} />
        </Routes>
        <FirstScreenReady />
      </Suspense>
    </AdminLayout>
  );
}
